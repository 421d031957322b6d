import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Avatar, Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useObjectUrl } from '../components/useObjectUrl';

interface Props {
  /** The form value holding the chosen file. */
  source: string;
  /** A message key. */
  label: string;
  /** The current picture's URL, if it is kept. */
  currentUrl?: string | null;
}

/** A picture chooser with a preview; anything that is not an image is refused (spec §5 Add Band). */
export function PictureField({ source, label, currentUrl }: Props) {
  const translate = useTranslate();
  const id = useId();
  const { field, fieldState } = useInput({ source, parse: (value: unknown) => value });
  const [refused, setRefused] = useState<string>();
  const file = field.value instanceof File ? field.value : undefined;
  const objectUrl = useObjectUrl(file);
  const shown = objectUrl ?? currentUrl ?? undefined;
  const text = translate(label);
  const serverError = fieldState.error?.message;
  const error = refused ?? (serverError && translate(serverError, { _: serverError }));

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        variant="rounded"
        src={shown}
        alt={shown ? translate('file.preview', { label: text }) : ''}
        sx={{ width: 72, height: 72 }}
      />
      <div>
        <Button component="label" htmlFor={id} variant="outlined" startIcon={<UploadFileIcon />}>
          {text}
          <input
            id={id}
            type="file"
            accept="image/*"
            hidden
            aria-label={text}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              const image = chosen && chosen.type.startsWith('image/');
              setRefused(chosen && !image ? translate('bands.form.not_image') : undefined);
              field.onChange(image ? chosen : undefined);
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {file
            ? file.name
            : currentUrl
              ? translate('bands.form.picture_kept')
              : translate('bands.form.no_picture')}
        </Typography>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </div>
    </Box>
  );
}
