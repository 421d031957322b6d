import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useMayAdd } from '../components/readOnly';
import { useWithToasts } from '../components/toasts';
import { httpClient } from '../providers/httpClient';
import { type Coded, sayInReadersLanguage } from '../providers/readersLanguage';

interface Row {
  line: number;
  title: string;
  performer: string;
}
interface Preview {
  add: (Row & { visible: boolean; performer_id: number | null })[];
  duplicates: (Row & { song_id: number })[];
  repeated: (Row & { same_as_line: number })[];
  new_performers: string[];
  errors: { line: number; reason: string; reasons?: Coded[] }[];
}

const send = <T,>(url: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return httpClient<T>(url, { method: 'POST', body: form }).then((answer) => answer.json);
};

function RowsTable<R extends Row>({
  caption,
  rows,
  extra,
}: {
  caption: string;
  rows: R[];
  extra?: (row: R) => string;
}) {
  const translate = useTranslate();
  if (rows.length === 0) return null;
  return (
    // Scrolls by keyboard too (a focusable region).
    <Paper
      variant="outlined"
      sx={{ maxHeight: 320, overflow: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table size="small" stickyHeader aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('songs.import.line')}</TableCell>
            <TableCell>{translate('songs.fields.title')}</TableCell>
            <TableCell>{translate('songs.fields.performer')}</TableCell>
            {extra && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.title}</TableCell>
              <TableCell>{row.performer}</TableCell>
              {extra && <TableCell>{extra(row)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/**
 * Issue 14: songs from a CSV file. The file is checked first (nothing is written), the band reads what
 * would happen, then confirms; the import writes everything in one go. Viewers and users without a
 * band are told why they cannot import rather than shown a form the server would refuse.
 */
export function SongImport() {
  const translate = useTranslate();
  const { mayAdd, refusal } = useMayAdd();
  // Until permissions are known there is neither a form nor a refusal to show.
  if (!mayAdd && !refusal) return null;
  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Title title={translate('songs.import.title')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('songs.import.title')}
      </Typography>
      {refusal && <Alert severity="info">{translate(refusal)}</Alert>}
      {mayAdd && <ImportForm />}
    </Box>
  );
}

/** The file, its preview and the confirmation. */
function ImportForm() {
  const translate = useTranslate();
  const withToasts = useWithToasts();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
  };

  const check = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      setPreview(await send<Preview>('/api/admin/songs/import/preview', file));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : translate('songs.import.unreadable'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    const done = await withToasts(() => send<{ added: number }>('/api/admin/songs/import', file), {
      pending: 'songs.import.pending',
      success: (result: { added: number }) => translate('songs.import.success', { count: result.added }),
    });
    setBusy(false);
    if (done) navigate('/admin/songs');
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{translate('songs.import.intro')}</Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        {/* A real button that opens the hidden input, as FileInput's. */}
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
          {translate('songs.import.choose')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept=".csv,text/csv"
          aria-label={translate('songs.import.file')}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <Typography>{file ? file.name : translate('songs.import.no_file')}</Typography>
        <Button variant="contained" onClick={() => void check()} disabled={!file || busy}>
          {translate('songs.import.preview')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {preview && (
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate('songs.import.to_add_heading', { count: preview.add.length })}
          </Typography>
          <RowsTable caption={translate('songs.import.to_add')} rows={preview.add} />
          {preview.new_performers.length > 0 && (
            <Typography>
              {translate('songs.import.new_performers', { names: preview.new_performers.join(', ') })}
            </Typography>
          )}
          <Typography variant="h6" component="h2">
            {translate('songs.import.duplicates_heading', { count: preview.duplicates.length })}
          </Typography>
          <RowsTable caption={translate('songs.import.duplicates')} rows={preview.duplicates} />
          {/* Issue 26: a row repeating an earlier one is not a song the band has: listed apart. */}
          {preview.repeated.length > 0 && (
            <>
              <Typography variant="h6" component="h2">
                {translate('songs.import.repeated_heading', { count: preview.repeated.length })}
              </Typography>
              <RowsTable
                caption={translate('songs.import.repeated')}
                rows={preview.repeated}
                extra={(row) => translate('songs.import.same_as_line', { line: row.same_as_line })}
              />
            </>
          )}
          <Typography variant="h6" component="h2">
            {translate('songs.import.problems_heading', { count: preview.errors.length })}
          </Typography>
          {preview.errors.length > 0 && (
            <Paper
              variant="outlined"
              sx={{ p: 1, maxHeight: 240, overflow: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={translate('songs.import.problems')}
            >
              <ul aria-label={translate('songs.import.problem_rows')}>
                {preview.errors.map((error) => (
                  <li key={error.line}>
                    {translate('songs.import.problem', {
                      line: error.line,
                      reason: error.reasons?.length
                        ? error.reasons
                            .map((coded, i) =>
                              sayInReadersLanguage(coded, error.reason.split('; ')[i] ?? '', translate),
                            )
                            .join('; ')
                        : error.reason,
                    })}
                  </li>
                ))}
              </ul>
            </Paper>
          )}
          <Box>
            <Button
              variant="contained"
              onClick={() => void confirm()}
              disabled={busy || preview.add.length === 0}
            >
              {translate('songs.import.confirm', { count: preview.add.length })}
            </Button>
          </Box>
        </Stack>
      )}
    </>
  );
}
