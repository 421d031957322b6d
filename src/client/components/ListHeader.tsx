import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';

/** A list screen's heading (a message key) with its filter and search controls below it. */
export function ListHeader({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(title)} />
      <Typography variant="h4" component="h1">
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', my: 2 }}>{children}</Box>
    </>
  );
}
