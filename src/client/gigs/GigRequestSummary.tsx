import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { GigRequestSummary as Summary } from '../../shared/api-types';
import { useDownloadCsv } from '../components/ExportButton';
import { useDates } from '../i18n/useDates';
import type { EncoreDataProvider } from '../providers/dataProvider';

/** Requests per quarter hour as bars, each labelled for screen readers. */
function RequestChart({ timeline }: { timeline: Summary['timeline'] }) {
  const translate = useTranslate();
  const { time } = useDates();
  const most = Math.max(1, ...timeline.map((bucket) => bucket.count));
  return (
    <Box
      role="list"
      aria-label={translate('gigs.summary.chart')}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 96, mt: 1, overflowX: 'auto' }}
    >
      {timeline.map((bucket) => (
        <Box
          key={bucket.at}
          role="listitem"
          aria-label={translate('gigs.summary.bucket', { time: time(bucket.at), count: bucket.count })}
          title={translate('gigs.summary.bucket', { time: time(bucket.at), count: bucket.count })}
          sx={{
            flex: '1 0 8px',
            maxWidth: 32,
            bgcolor: 'primary.main',
            height: `${(bucket.count / most) * 100}%`,
          }}
        />
      ))}
    </Box>
  );
}

/** After the show: the gig's requests in numbers, once there are any (issue "Live gig night"). */
export function GigRequestSummary({ gigId }: { gigId: number }) {
  const translate = useTranslate();
  const downloadCsv = useDownloadCsv();
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
          {translate('gigs.summary.title')}
        </Typography>
        <Typography>
          {translate('gigs.summary.totals', {
            total: data.total,
            played: data.played,
            declined: data.declined,
            waiting: data.waiting,
          })}
        </Typography>
        {data.timeline.length > 0 && <RequestChart timeline={data.timeline} />}
        <Button
          sx={{ mt: 1 }}
          startIcon={<DownloadIcon />}
          onClick={() =>
            void downloadCsv(`/api/admin/gig/${gigId}/report.csv`, `encore-gig-${gigId}-requests.csv`)
          }
        >
          {translate('gigs.summary.download')}
        </Button>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          {translate('gigs.summary.top')}
        </Typography>
        <List dense aria-label={translate('gigs.summary.top_list')}>
          {data.top.map((song) => (
            <ListItem key={song.id} disableGutters>
              <ListItemText
                primary={song.naziv}
                secondary={translate('gigs.summary.requests', { smart_count: song.count })}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
