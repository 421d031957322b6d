import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Avatar, Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useObjectUrl } from './useObjectUrl';

interface Props {
  source: string;
  label: string;
  accept: string;
  /** The item's current file, shown until another is chosen. */
  currentUrl?: string | null;
  /** Show an image preview of the chosen or current file. */
  preview?: boolean;
}

/** A file field of a form: the chosen File is the value; pictures preview before upload. */
export function FileInput({ source, label: labelKey, accept, currentUrl, preview }: Props) {
  const translate = useTranslate();
  const label = translate(labelKey);
  const { field, fieldState } = useInput({ source });
  const id = useId();
  const file = field.value instanceof File ? field.value : undefined;
  const objectUrl = useObjectUrl(preview ? file : undefined);
  const shown = objectUrl ?? currentUrl ?? undefined;

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
        <Button component="label" htmlFor={id} variant="outlined" startIcon={<UploadFileIcon />}>
          {label}
          <input
            id={id}
            type="file"
            accept={accept}
            hidden
            aria-label={label}
            onChange={(e) => field.onChange(e.target.files?.[0])}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {file ? file.name : translate(currentUrl ? 'file.kept' : 'file.none')}
        </Typography>
        {fieldState.error?.message && (
          <FormHelperText error>
            {translate(fieldState.error.message, { _: fieldState.error.message })}
          </FormHelperText>
        )}
      </div>
    </Box>
  );
}
