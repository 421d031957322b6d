import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Avatar, Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId } from 'react';
import { useObjectUrl } from '../components/useObjectUrl';

interface Props {
  label: string;
  file?: File;
  currentUrl?: string | null;
  error?: string;
  onChange: (file: File | undefined) => void;
  onReject: (message: string) => void;
}

/** A picture chooser with a preview; anything that is not an image is refused (spec §5 Add Band). */
export function PictureField({ label, file, currentUrl, error, onChange, onReject }: Props) {
  const id = useId();
  const objectUrl = useObjectUrl(file);
  const shown = objectUrl ?? currentUrl ?? undefined;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        variant="rounded"
        src={shown}
        alt={shown ? `${label} preview` : ''}
        sx={{ width: 72, height: 72 }}
      />
      <div>
        <Button component="label" htmlFor={id} variant="outlined" startIcon={<UploadFileIcon />}>
          {label}
          <input
            id={id}
            type="file"
            accept="image/*"
            hidden
            aria-label={label}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen && !chosen.type.startsWith('image/'))
                onReject('Choose an image file (PNG, JPEG, GIF or WebP).');
              else onChange(chosen);
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {file ? file.name : currentUrl ? 'Current picture kept' : 'No picture chosen'}
        </Typography>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </div>
    </Box>
  );
}
