import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { describeFailure } from '../components/requestFailure';
import type { EncoreDataProvider } from '../providers/dataProvider';

interface Props {
  onClose: () => void;
  /** Called after the server cleared the logs. */
  onCleared: () => void;
}

/** Asks before clearing the server log (spec §2 System Logs: Clear Logs), then clears it. */
export function ClearLogsDialog({ onClose, onCleared }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const [clearing, setClearing] = useState(false);

  async function clear() {
    setClearing(true);
    try {
      const outcome = await dataProvider.clearLogs();
      onClose();
      // A 401 or 403 signs out, and react-admin then answers the call with an empty {data}.
      if (!outcome?.success) return;
      notify('system.logs.cleared', { type: 'success' });
      onCleared();
    } catch (error) {
      const failed = translate('system.logs.clear_failed');
      notify(describeFailure(error, { failed, network: failed }), { type: 'error' });
      setClearing(false);
    }
  }

  return (
    <ConfirmDialog
      title="system.logs.clear"
      confirm="system.logs.clear"
      onConfirm={() => void clear()}
      busy={clearing}
      cancel="system.logs.cancel"
      onClose={onClose}
    >
      <DialogContentText>{translate('system.logs.clear_question')}</DialogContentText>
    </ConfirmDialog>
  );
}
