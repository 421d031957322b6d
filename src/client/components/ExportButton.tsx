import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useCallback, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../providers/httpClient';

type ExportedList = 'songs' | 'performers' | 'playlists' | 'gigs';

/** Saves a Blob under a name, as a download link the browser follows. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a CSV from the API (the bearer token rides along, so a plain link would not do), its
 *  headers and words in the panel's language (`lang`, issue 26); a failure is told in a toast, with
 *  the server's message when it gives one. */
export function useDownloadCsv() {
  const notify = useNotify();
  const [locale] = useLocaleState();
  return useCallback(
    async (url: string, name: string) => {
      const [path, query] = url.split('?');
      const params = new URLSearchParams(query);
      params.set('lang', locale);
      try {
        const { json } = await httpClient<Blob>(`${path}?${params}`, { as: 'blob' });
        saveFile(json, name);
      } catch (error) {
        notify(error instanceof Error && error.message ? error.message : 'export.failed', { type: 'error' });
      }
    },
    [notify, locale],
  );
}

/** Issue 14: the list as CSV, with the filter and search the list shows now. */
export function ExportButton({
  list,
  params,
}: {
  list: ExportedList;
  params: Record<string, string | number>;
}) {
  const translate = useTranslate();
  const downloadCsv = useDownloadCsv();
  const [busy, setBusy] = useState(false);
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  const run = async () => {
    setBusy(true);
    await downloadCsv(`/api/admin/${list}/export?${query}`, `encore-${list}.csv`);
    setBusy(false);
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void run()} disabled={busy}>
      {translate('list.export')}
    </Button>
  );
}
