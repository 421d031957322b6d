import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import type { InsightsData, InsightsQuery, ListedBand } from '../../shared/api-types';
import { useDownloadCsv } from '../components/ExportButton';
import { Page } from '../components/Page';
import { isHttpFailure } from '../components/requestFailure';
import { useDates } from '../i18n/useDates';
import { type EncoreDataProvider, insightsParams } from '../providers/dataProvider';
import { usePermissionsOf } from '../providers/identity';
import { type Bar, ColumnChart, RowChart, ShareBar } from './BarChart';
import { addEnglish } from '../i18n';
import { en } from './messages';

// Insights's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

type Part = 'statuses' | 'gigs' | 'hours' | 'songs' | 'performers' | 'misses' | 'never';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A local calendar day as YYYY-MM-DD. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last twelve months, today included: "after a month of gigs" and a season both fit. */
function lastYear() {
  const today = new Date();
  const start = new Date(today);
  start.setFullYear(today.getFullYear() - 1);
  start.setDate(start.getDate() + 1);
  return { from: dayOf(start), to: dayOf(today) };
}

/** One figure: its heading, its CSV, and what it shows. */
function Figure({
  part,
  title,
  query,
  children,
}: {
  part: Part;
  title: string;
  query: InsightsQuery;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const downloadCsv = useDownloadCsv();
  const id = `insights-${part}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography id={id} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            aria-label={translate('insights.download_named', { name: title })}
            onClick={() => {
              const params = insightsParams(query);
              params.set('part', part);
              void downloadCsv(`/api/admin/insights/export?${params}`, `encore-insights-${part}.csv`);
            }}
          >
            {translate('insights.download')}
          </Button>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The hours from the first with requests to the last, in the night's order (noon to noon). */
function busyHours(hours: InsightsData['hours']) {
  const first = hours.findIndex((h) => h.count > 0);
  if (first < 0) return [];
  const last = hours.length - 1 - [...hours].reverse().findIndex((h) => h.count > 0);
  return hours.slice(first, last + 1);
}

function Figures({ data, query }: { data: InsightsData; query: InsightsQuery }) {
  const translate = useTranslate();
  const { wallClock } = useDates();
  const { totals } = data;
  const percent = (n: number) => (totals.total ? Math.round((n / totals.total) * 1000) / 10 : 0);
  const count = (label: string, n: number) => translate('insights.count', { label, count: n });
  const ranking = (rows: { key: string | number; label: string; count: number }[]): Bar[] =>
    rows.map((row) => ({
      key: row.key,
      label: row.label,
      value: row.count,
      spoken: count(row.label, row.count),
    }));
  const hours = busyHours(data.hours);
  const statuses = (
    [
      ['played', 'success.main'],
      ['declined', 'error.main'],
      ['waiting', 'warning.main'],
    ] as const
  ).map(([status, color]) => ({
    key: status,
    value: totals[status],
    color,
    spoken: translate('insights.totals.share', {
      label: translate(`insights.totals.${status}`),
      count: totals[status],
      percent: percent(totals[status]),
    }),
  }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Figure part="statuses" title={translate('insights.totals.title')} query={query}>
        <Typography>
          {translate('insights.totals.summary', { total: totals.total, gigs: data.gigs.length })}
        </Typography>
        <ShareBar parts={statuses} label={translate('insights.totals.title')} />
      </Figure>
      <Figure part="hours" title={translate('insights.hours.title')} query={query}>
        <ColumnChart
          label={translate('insights.hours.title')}
          bars={hours.map((h) => {
            const hour = String(h.hour).padStart(2, '0');
            return {
              key: h.hour,
              label: hour,
              value: h.count,
              spoken: translate('insights.hours.bar', { hour, count: h.count }),
            };
          })}
        />
      </Figure>
      <Figure part="gigs" title={translate('insights.gigs.title')} query={query}>
        <ColumnChart
          label={translate('insights.gigs.title')}
          bars={data.gigs.map((gig) => ({
            key: gig.id,
            value: gig.total,
            spoken: translate('insights.gigs.bar', {
              gig: gig.naziv,
              start: wallClock(gig.pocetak),
              count: gig.total,
            }),
          }))}
        />
      </Figure>
      <Figure part="songs" title={translate('insights.songs.title')} query={query}>
        <RowChart
          label={translate('insights.songs.title')}
          bars={ranking(
            data.songs.map((song) => ({
              key: song.id,
              label: song.performer ? `${song.naziv} · ${song.performer}` : song.naziv,
              count: song.count,
            })),
          )}
        />
      </Figure>
      <Figure part="performers" title={translate('insights.performers.title')} query={query}>
        <RowChart
          label={translate('insights.performers.title')}
          bars={ranking(data.performers.map((p) => ({ key: p.id, label: p.naziv, count: p.count })))}
        />
      </Figure>
      <Figure part="misses" title={translate('insights.misses.title')} query={query}>
        {data.misses.length ? (
          <RowChart
            label={translate('insights.misses.title')}
            bars={ranking(data.misses.map((m) => ({ key: m.text, label: m.text, count: m.count })))}
          />
        ) : (
          <Typography color="text.secondary">{translate('insights.misses.none')}</Typography>
        )}
      </Figure>
      <Figure part="never" title={translate('insights.never.title')} query={query}>
        <Typography>{translate('insights.never.summary', { smart_count: data.never.total })}</Typography>
        {data.never.total > data.never.songs.length && (
          <Typography variant="body2" color="text.secondary">
            {translate('insights.never.more', { shown: data.never.songs.length })}
          </Typography>
        )}
        <List dense aria-label={translate('insights.never.title')}>
          {data.never.songs.map((song) => (
            <ListItem key={song.id} disableGutters>
              <ListItemText primary={song.naziv} secondary={song.performer} />
            </ListItem>
          ))}
        </List>
      </Figure>
    </Box>
  );
}

/**
 * Insights across gigs (issue 29, point 3): what a band's audiences asked for over a period, in
 * charts with a CSV each. Band admins and viewers see their band's; system admins choose a band or
 * all. The server computes every figure; times are the venues' (TIME_ZONE).
 */
export function InsightsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const { role, isAdmin, band: ownBand } = usePermissionsOf();
  // The server refuses a band member without a band (403, which signs out): not asked at all.
  const bandless = role !== null && !isAdmin && ownBand === null;
  const [period, setPeriod] = useState(lastYear);
  const [band, setBand] = useState<number | ''>('');
  const bands = useGetList<ListedBand>('bands', {}, { retry: false, enabled: isAdmin });
  const query: InsightsQuery = { ...period, ...(isAdmin && band !== '' ? { band } : {}) };
  const valid = DAY.test(period.from) && DAY.test(period.to);
  const { data, error, isPending } = useQuery({
    queryKey: ['insights', query],
    queryFn: () => dataProvider.getInsights(query),
    // Asked once the permissions are known, so that a bandless member never asks.
    enabled: valid && role !== null && !bandless,
    retry: false,
  });
  const failure = isHttpFailure(error) ? error.body?.message : undefined;
  return (
    <Page title="insights.title">
      <Box
        component="form"
        role="search"
        aria-label={translate('insights.period')}
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <TextField
          type="date"
          label={translate('insights.from')}
          value={period.from}
          onChange={(event) => setPeriod((p) => ({ ...p, from: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
          sx={{ width: 190 }}
        />
        <TextField
          type="date"
          label={translate('insights.to')}
          value={period.to}
          onChange={(event) => setPeriod((p) => ({ ...p, to: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
          sx={{ width: 190 }}
        />
        {isAdmin && (
          <TextField
            select
            label={translate('insights.band')}
            value={band}
            onChange={(event) => setBand(event.target.value === '' ? '' : Number(event.target.value))}
            size="small"
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{translate('insights.all_bands')}</MenuItem>
            {(bands.data ?? []).map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.naziv}
              </MenuItem>
            ))}
          </TextField>
        )}
        {data && (
          <Typography variant="body2" color="text.secondary">
            {translate('insights.time_zone', { zone: data.time_zone })}
          </Typography>
        )}
      </Box>
      {bandless ? (
        <Alert severity="info">{translate('insights.no_band')}</Alert>
      ) : error ? (
        <Alert severity="error">{failure ?? translate('insights.failed')}</Alert>
      ) : !valid ? null : isPending || !data ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography>{translate('insights.loading')}</Typography>
        </Box>
      ) : (
        <>
          {data.totals.total === 0 && <Alert severity="info">{translate('insights.nothing')}</Alert>}
          <Figures data={data} query={query} />
        </>
      )}
    </Page>
  );
}
