import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { toast } from 'react-toastify';
import { describeFailure } from '../components/requestFailure';
import type { EncoreDataProvider } from '../providers/dataProvider';

interface Props {
  onClose: () => void;
  /** Called after the server cleared the logs. */
  onCleared: () => void;
}

/** Asks before clearing the server log (spec §2 System Logs: Clear Logs), then clears it. */
export function ClearLogsDialog({ onClose, onCleared }: Props) {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const [clearing, setClearing] = useState(false);

  async function clear() {
    setClearing(true);
    try {
      const outcome = await dataProvider.clearLogs();
      onClose();
      // A 401 or 403 signs out, and react-admin then answers the call with an empty {data}.
      if (!outcome?.success) return;
      toast.success('System logs cleared successfully!');
      onCleared();
    } catch (error) {
      toast.error(
        describeFailure(error, { failed: 'Failed to clear logs', network: 'Failed to clear logs' }),
      );
      setClearing(false);
    }
  }

  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>Clear Logs</DialogTitle>
      <DialogContent>
        <DialogContentText>Delete every entry of the system log? This cannot be undone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void clear()} disabled={clearing}>
          Clear Logs
        </Button>
      </DialogActions>
    </Dialog>
  );
}
