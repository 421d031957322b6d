import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Props {
  label: string;
  count: number;
  icon: ReactNode;
  /** Where the tile leads; a tile without one is not clickable. */
  to?: string;
}

export function CountTile({ label, count, icon, to }: Props) {
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
        <CardActionArea component={Link} to={to} aria-label={`${label}: ${count}`}>
          {content}
        </CardActionArea>
      ) : (
        <div aria-label={`${label}: ${count}`}>{content}</div>
      )}
    </Card>
  );
}
