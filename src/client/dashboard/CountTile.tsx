import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

interface Props {
  /** The tile's name, translated. */
  label: string;
  count: number;
  icon: ReactNode;
  /** Where the tile leads; a tile without one is not clickable. */
  to?: string;
}

export function CountTile({ label, count, icon, to }: Props) {
  const translate = useTranslate();
  const name = translate('dashboard.count', { label, count });
  const content = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      {icon}
      <div>
        <Typography variant="h4" component="p">
          {count}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </div>
    </CardContent>
  );
  return (
    <Card>
      {to ? (
        <CardActionArea component={Link} to={to} aria-label={name}>
          {content}
        </CardActionArea>
      ) : (
        <div aria-label={name}>{content}</div>
      )}
    </Card>
  );
}
