import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Avatar, Box, Button, FormHelperText, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useObjectUrl } from './useObjectUrl';
import { useReadOnly } from './readOnly';

interface Props {
  source: string;
  label: string;
  accept: string;
  /** The item's current file, shown until another is chosen. */
  currentUrl?: string | null;
  /** Show an image preview of the chosen or current file. */
  preview?: boolean;
  /** Refuse a chosen file that is not an image, saying this (a message key). */
  notImage?: string;
  /** Message keys under the button: the current file kept, and none chosen. */
  status?: { kept: string; none: string };
}

/** A file field of a form: the chosen File is the value; pictures preview before upload. In a
 *  read-only form only the current picture shows, and the button is disabled. */
export function FileInput({
  source,
  label: labelKey,
  accept,
  currentUrl,
  preview,
  notImage,
  status = { kept: 'file.kept', none: 'file.none' },
}: Props) {
  const translate = useTranslate();
  const label = translate(labelKey);
  const { field, fieldState } = useInput({ source, parse: (value: unknown) => value });
  const readOnly = useReadOnly();
  const [refused, setRefused] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const file = field.value instanceof File ? field.value : undefined;
  const objectUrl = useObjectUrl(preview ? file : undefined);
  const shown = objectUrl ?? currentUrl ?? undefined;
  const error = refused ?? fieldState.error?.message;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
      {preview && (
        <Avatar
          variant="rounded"
          src={shown}
          alt={shown ? translate('file.preview', { label }) : ''}
          sx={{ width: 72, height: 72 }}
        />
      )}
      <div>
        {/* A real button that opens the hidden input: a <label> given the button role is not allowed
            (axe's aria-allowed-role, which Lighthouse counts). */}
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={readOnly}
          onClick={() => input.current?.click()}
        >
          {label}
        </Button>
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          disabled={readOnly}
          aria-label={label}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // The same file chosen again after a refusal is a change too.
            event.target.value = '';
            const wrong = Boolean(notImage && chosen && !chosen.type.startsWith('image/'));
            setRefused(wrong ? notImage : undefined);
            field.onChange(wrong ? undefined : chosen);
          }}
        />
        {!readOnly && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {file ? file.name : translate(currentUrl ? status.kept : status.none)}
          </Typography>
        )}
        {error && <FormHelperText error>{translate(error, { _: error })}</FormHelperText>}
      </div>
    </Box>
  );
}
