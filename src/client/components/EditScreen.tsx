import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, Suspense, useRef, useState } from 'react';
import {
  EditBase,
  Form,
  Loading,
  type RaRecord,
  Title,
  useEditContext,
  useSaveContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { SaveButton } from './SaveButton';
import type { Repertoire } from './CreateScreen';
import { ReadOnlyForm, useEditable } from './readOnly';
import { useSaveToasts } from './useSaveToasts';
import { AlsoHere } from '../together/AlsoHere';
import type { Conflict } from './conflict/ConflictDialog';
import { LazyConflictDialog, savedMeanwhile } from './conflict/LazyConflictDialog';
import { addEnglish } from '../i18n';
import { en } from '../history/messages';

// The History tab's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

type Values = Record<string, unknown>;

/** A save's toasts, and the conflict a refused save leaves (issue 28, point 1). */
interface Saving {
  start: () => void;
  onSuccess: (record: RaRecord) => void;
  onError: (error: unknown) => void;
  /** The form's values as submitted, and the record they started from. */
  submitted: { current?: { base: Values; mine: Values } };
  conflict?: Conflict;
  setConflict: (conflict?: Conflict) => void;
}

/**
 * A save refused because a bandmate saved first: their change beside the user's, and the user
 * reloads theirs or saves their own on top (over the version the refusal answered).
 */
function ConflictResolution({ resource, saving }: { resource: string; saving: Saving }) {
  const { record, refetch } = useEditContext();
  const [update, { isPending }] = useUpdate();
  const { conflict, setConflict } = saving;
  if (!conflict || !record) return null;
  const apply = (merged: Values) => {
    saving.submitted.current = { base: conflict.theirs, mine: merged };
    saving.start();
    void update(
      resource,
      { id: record.id, data: merged, previousData: conflict.theirs },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved: RaRecord) => {
          setConflict(undefined);
          saving.onSuccess(saved);
          void refetch();
        },
        onError: saving.onError,
      },
    );
  };
  return (
    <LazyConflictDialog
      conflict={conflict}
      resource={resource}
      busy={isPending}
      onApply={apply}
      onReload={() => {
        setConflict(undefined);
        void refetch();
      }}
    />
  );
}
import { lazyScreen } from './lazyScreen';

/** The History tab's code comes with its first opening: most edits never look at it. */
const HistoryPanel = lazyScreen(() => import('../history/HistoryPanel'), 'HistoryPanel');

/** The history's name of each resource's items (issue 28). */
const HISTORY_KIND = { songs: 'song', performers: 'performer', playlists: 'playlist', gigs: 'gig' } as const;

interface Props<T extends RaRecord> {
  /**
   * Its messages are `<resource>.edit.*`: the heading (spec §2: 'Edit: {name}', 'Edit performer
   * {name}', …), the save button and the toasts; 'Back to the list' leads to /admin/<resource>.
   */
  resource: Repertoire;
  /** The form's fields, for the record on screen. */
  children: (record: T) => ReactNode;
  /** Beside the form (the song's resource preview), below it, or the whole page's width. */
  aside?: (record: T) => ReactNode;
  below?: (record: T) => ReactNode;
  maxWidth?: number;
  /** Ask before leaving with unsaved changes (the playlist editor). */
  warnWhenUnsavedChanges?: boolean;
}

/** What stands instead of the form when the record did not load: say why, with a way back or Retry. */
function LoadFailure({ listPath }: { listPath: string }) {
  const translate = useTranslate();
  const { error, refetch } = useEditContext();
  const missing = (error as { status?: number } | null)?.status === 404;
  return (
    <Alert
      severity="error"
      action={
        <>
          {!missing && (
            <Button color="inherit" onClick={() => void refetch()}>
              {translate('item.retry')}
            </Button>
          )}
          <Button color="inherit" component={Link} to={listPath} startIcon={<ArrowBackIcon />}>
            {translate('item.back')}
          </Button>
        </>
      }
    >
      {missing
        ? translate('item.not_found')
        : translate('item.load_failed', { message: (error as Error | null)?.message ?? '' })}
    </Alert>
  );
}

function EditForm<T extends RaRecord>({ saving, ...props }: Props<T> & { saving: Saving }) {
  const listPath = `/admin/${props.resource}`;
  const translate = useTranslate();
  const { record, isPending, error } = useEditContext<T>();
  const { save } = useSaveContext();
  const { editable, notice } = useEditable(Boolean(record?.owned ?? true));
  const [tab, setTab] = useState<'form' | 'history'>('form');
  if (error) return <LoadFailure listPath={listPath} />;
  if (isPending || !record) return <Loading />;
  const title = translate(`${props.resource}.edit.title`, { name: record.naziv });
  return (
    <>
      <Title title={title} />
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <AlsoHere place={`${props.resource}/${record.id}`} />
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(notice)}
        </Alert>
      )}
      {/* Issue 28: the item's history beside the spec's form, as a second tab. */}
      <Tabs value={tab} onChange={(_event, next: 'form' | 'history') => setTab(next)} sx={{ mb: 2 }}>
        <Tab value="form" label={translate('history.tab_form')} id="tab-form" aria-controls="tabpanel-form" />
        <Tab
          value="history"
          label={translate('history.tab')}
          id="tab-history"
          aria-controls="tabpanel-history"
        />
      </Tabs>
      {tab === 'history' && (
        <Card id="tabpanel-history" role="tabpanel" aria-labelledby="tab-history">
          <CardContent>
            <Suspense fallback={<Loading />}>
              <HistoryPanel
                kind={HISTORY_KIND[props.resource]}
                id={Number(record.id)}
                canRestore={editable}
              />
            </Suspense>
          </CardContent>
        </Card>
      )}
      {/* The form stays mounted while the history shows: unsaved edits are kept. */}
      <Box
        id="tabpanel-form"
        role="tabpanel"
        aria-labelledby="tab-form"
        hidden={tab !== 'form'}
        sx={{
          display: tab === 'form' ? 'grid' : 'none',
          gap: 2,
          gridTemplateColumns: props.aside ? { md: 'minmax(320px, 1fr) minmax(320px, 1fr)' } : undefined,
        }}
      >
        <Card sx={{ minWidth: 0 }}>
          <CardContent>
            <Form
              // A saved record (a new picture URL, the server's song order) starts the form afresh.
              key={generationOf(record)}
              disableInvalidFormNotification
              warnWhenUnsavedChanges={props.warnWhenUnsavedChanges}
              onSubmit={(values: Record<string, unknown>) => {
                saving.submitted.current = { base: record, mine: values };
                saving.start();
                return save?.(values);
              }}
            >
              {/* Every input reads this: nobody types into a field that will not save. */}
              <ReadOnlyForm value={!editable}>{props.children(record)}</ReadOnlyForm>
              <SaveButton label={`${props.resource}.edit.save`} disabled={!editable} />
            </Form>
          </CardContent>
        </Card>
        {props.aside?.(record)}
      </Box>
      {tab === 'form' && props.below?.(record)}
      <ConflictResolution resource={props.resource} saving={saving} />
    </>
  );
}

/**
 * A number per record object: react-query keeps the same object while a refetch brings equal data,
 * so a new number means a changed record. (Cheaper than stringifying a playlist of 2,000 songs on
 * every render.)
 */
const generations = new WeakMap<object, number>();
let lastGeneration = 0;
function generationOf(record: object) {
  let generation = generations.get(record);
  if (generation === undefined) generations.set(record, (generation = ++lastGeneration));
  return generation;
}

/**
 * An edit screen on react-admin's EditBase at the spec's URL (the id from the route): the record's
 * own fields in a form that saves pessimistically with spec §8's toasts, read-only (with a notice
 * saying why) for another band's item and for viewers, and for a missing item or a failed load a plain message with a way back.
 * The record is read under its own cache key (meta), as list rows lack fields the form needs.
 */
export function EditScreen<T extends RaRecord>(props: Props<T>) {
  const messages = { pending: `${props.resource}.edit.pending`, success: `${props.resource}.edit.success` };
  const { start, dismiss, mutationOptions } = useSaveToasts<T>(messages, () => undefined);
  const submitted = useRef<{ base: Values; mine: Values }>(undefined);
  const [conflict, setConflict] = useState<Conflict>();
  const saving: Saving = {
    start,
    onSuccess: (record) => mutationOptions.onSuccess(record as T),
    onError: (error) => {
      const theirs = savedMeanwhile(error);
      if (!theirs || !submitted.current) return mutationOptions.onError(error);
      // The dialog says who saved it and shows their change: no toast beside it.
      dismiss();
      setConflict({ ...submitted.current, theirs });
    },
    submitted,
    conflict,
    setConflict,
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: props.maxWidth, minWidth: 0 }}>
      <EditBase
        resource={props.resource}
        redirect={false}
        mutationMode="pessimistic"
        queryOptions={{ meta: { screen: 'edit' }, onError: () => undefined }}
        mutationOptions={{ ...mutationOptions, onError: saving.onError, meta: { screen: 'edit' } }}
      >
        <EditForm {...props} saving={saving} />
      </EditBase>
    </Box>
  );
}
