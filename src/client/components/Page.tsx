import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';

interface Props {
  /** The heading's message key, also the browser's title. */
  title: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A screen that is not a form or a scrolled list: its heading, what acts on it, and its content. */
export function Page({ title, actions, children }: Props) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={translate(title)} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate(title)}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
