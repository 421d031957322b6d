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
import { useState } from 'react';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { withToasts } from '../components/toasts';
import { httpClient } from '../providers/httpClient';

interface Row {
  line: number;
  title: string;
  performer: string;
}
interface Preview {
  add: (Row & { visible: boolean; performer_id: number | null })[];
  duplicates: (Row & { same_as_line: number | null })[];
  new_performers: string[];
  errors: { line: number; reason: string }[];
}

const send = <T,>(url: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return httpClient<T>(url, { method: 'POST', body: form }).then((answer) => answer.json);
};

function RowsTable({ caption, rows, extra }: { caption: string; rows: Row[]; extra?: (row: Row) => string }) {
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
            <TableCell>Line</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>Performer</TableCell>
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
 * would happen, then confirms; the import writes everything in one go.
 */
export function SongImport() {
  const navigate = useNavigate();
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
      setProblem(error instanceof Error ? error.message : 'The file could not be read.');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    const done = await withToasts(() => send<{ added: number }>('/api/admin/songs/import', file), {
      pending: 'Importing songs, please wait...',
      success: (result: { added: number }) => `Imported ${result.added} songs`,
    });
    setBusy(false);
    if (done) navigate('/admin/songs');
  };

  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Title title="Import songs" />
      <Typography variant="h4" component="h1" gutterBottom>
        Import songs
      </Typography>
      <Typography sx={{ mb: 2 }}>
        A CSV file with a header row: title and performer, and if you like visible and resource link. Comma or
        semicolon separated, UTF-8 (Excel: "CSV UTF-8").
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          Choose CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography>{file ? file.name : 'No file chosen'}</Typography>
        <Button variant="contained" onClick={() => void check()} disabled={!file || busy}>
          Preview
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
            {preview.add.length} songs to add
          </Typography>
          <RowsTable caption="Songs to add" rows={preview.add} />
          {preview.new_performers.length > 0 && (
            <Typography>New performers: {preview.new_performers.join(', ')}</Typography>
          )}
          <Typography variant="h6" component="h2">
            {preview.duplicates.length} already in your songs (skipped)
          </Typography>
          <RowsTable
            caption="Duplicates"
            rows={preview.duplicates}
            extra={(row) => {
              const line = (row as Preview['duplicates'][number]).same_as_line;
              return line ? `same as line ${line}` : 'already added';
            }}
          />
          <Typography variant="h6" component="h2">
            {preview.errors.length} rows with problems (skipped)
          </Typography>
          {preview.errors.length > 0 && (
            <Paper
              variant="outlined"
              sx={{ p: 1, maxHeight: 240, overflow: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label="Problems"
            >
              <ul aria-label="Rows with problems">
                {preview.errors.map((error) => (
                  <li key={error.line}>
                    Line {error.line}: {error.reason}
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
              Import {preview.add.length} songs
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
