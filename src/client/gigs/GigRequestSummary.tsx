import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { EncoreDataProvider } from '../providers/dataProvider';

/** After the show: the gig's requests in numbers, once there are any (issue "Live gig night"). */
export function GigRequestSummary({ gigId }: { gigId: number }) {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const { data } = useQuery({
    queryKey: ['gigs', 'requests-summary', gigId],
    queryFn: () => dataProvider.getGigSummary(gigId),
    retry: false,
  });
  if (!data?.total) return null;
  return (
    <Card component="section" aria-labelledby="gig-summary-title" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="gig-summary-title" variant="h6" component="h2">
          Requests
        </Typography>
        <Typography>
          {data.total} in all: {data.played} played, {data.declined} declined, {data.waiting} waiting.
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          Most requested
        </Typography>
        <List dense aria-label="Most requested songs">
          {data.top.map((song) => (
            <ListItem key={song.id} disableGutters>
              <ListItemText
                primary={song.naziv}
                secondary={song.count === 1 ? '1 request' : `${song.count} requests`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
