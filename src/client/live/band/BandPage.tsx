import { Alert, Box, Button, Chip, FormControlLabel, List, Paper, Switch, Typography } from '@mui/material';
import { queueWaits } from '../../../shared/queue-wait';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageLanguage, PageLanguageMenu, useLanguage } from '../../i18n/PageLanguage';
import { httpClient } from '../../providers/httpClient';
import { clearStoredUser, useStoredUser } from '../../providers/userStore';
import { QueueItem } from './QueueItem';
import { SetPanel, type Step } from './SetPanel';
import { StageView } from './StageView';
import type { LiveState } from '../liveQueue';
import type { LiveQueueEntry } from '../../../shared/live-events';
import {
  type OrderedSong,
  type RunningItem,
  sameItem,
  type SetlistAnswer,
} from '../../../shared/running-order';
import type { BandMessage } from './types';
import { useLiveQueue } from './useLiveQueue';
import { useRunningOrder } from './useRunningOrder';
import { OfflineNotices } from './OfflineNotices';
import { useKeepOffline } from './useKeepOffline';
import { useOfflineAnswers } from './useOfflineAnswers';
import type { Answer } from './AnswerButtons';
import { useFollowContext } from './followContext';
import { FollowControls } from './FollowControls';
import { FollowProvider } from './FollowProvider';
import { addEnglish } from '../../i18n';
import { en } from './messages';

// The band page's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

/** The song open in the stage view: a waiting song of the queue, or a place in the set (issue 27). */
export type Staged = { from: 'queue'; song_id: number } | { from: 'set'; item: RunningItem };

/**
 * /band/<token>: the gig's live queue on the band's tablet (issue "Live gig night"), in the language
 * chosen in the panel or on this tablet (issue 26).
 */
export function BandPage() {
  const { token = '' } = useParams();
  const user = useStoredUser();
  return (
    <PageLanguage>
      {user?.token ? (
        <FollowProvider token={token}>
          <LiveQueuePage token={token} />
        </FollowProvider>
      ) : (
        <SignInFirst token={token} />
      )}
    </PageLanguage>
  );
}

/** Signing in from here comes back here (the login page follows nextPathname, as react-admin does). */
function SignInFirst({ token }: { token: string }) {
  const { translate } = useLanguage();
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <PageLanguageMenu />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('band_page.title')}
      </Typography>
      <Typography paragraph>{translate('band_page.sign_in_hint')}</Typography>
      <Button
        variant="contained"
        component={RouterLink}
        to="/admin/login"
        state={{ nextPathname: `/band/${token}` }}
      >
        {translate('band_page.sign_in')}
      </Button>
    </Box>
  );
}

const BY_DEMAND = 'encore-band-by-demand';

/** The band's choice of order, kept on the tablet (storage may be blocked: then it is not kept). */
function storedByDemand() {
  try {
    return localStorage.getItem(BY_DEMAND) === '1';
  } catch {
    return false;
  }
}

function storeByDemand(on: boolean) {
  try {
    localStorage.setItem(BY_DEMAND, on ? '1' : '0');
  } catch {
    // Kept for this visit only.
  }
}

/** The most asked-for songs first; equal counts keep the band's order. */
const byDemand = (queue: LiveQueueEntry[]) =>
  queue
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.count - a.entry.count || a.index - b.index)
    .map(({ entry }) => entry);

function LiveQueuePage({ token }: { token: string }) {
  const { translate } = useLanguage();
  const { data, apply, setMessages, error, online, fresh, reload, snapshots } = useLiveQueue(token);
  // Issue 27, point 3: the gig's set in order, with the requests slotted in.
  const running = useRunningOrder(token, snapshots);
  // Issue 27, point 5: the gig kept on the tablet, and answers kept through a lost network.
  const offline = useOfflineAnswers(token, { apply, reload, live: online });
  const kept = useKeepOffline(token, data && [...data.queue, ...(running.answer?.set ?? [])]);
  const [busy, setBusy] = useState(false);
  const [demand, setDemand] = useState(storedByDemand);
  const [failure, setFailure] = useState<string>();
  /** The song open in the stage view, if any. */
  const [staged, setStaged] = useState<Staged>();
  /** Opens a song in the stage view (the queue's Open, the set's Open, Next and Previous). */
  const openSong = useCallback((target: Staged | undefined) => setStaged(target), []);
  // Issue 27, point 4: this tablet may lead the others, or follow the leader's song.
  const follow = useFollowContext()!;
  // An expired or revoked token: forget it, as the panel does on any 401.
  const signedOut = error?.status === 401;
  useEffect(() => {
    if (signedOut) clearStoredUser();
  }, [signedOut]);

  if (signedOut) return <SignInFirst token={token} />;
  if (error && !data) {
    return (
      <Box component="main" sx={{ p: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('band_page.title')}
        </Typography>
        <Alert severity="error">{error.message}</Alert>
      </Box>
    );
  }
  if (!data) {
    return (
      <Box component="main" sx={{ p: 3 }}>
        <Typography role="status">{translate('band_page.loading')}</Typography>
      </Box>
    );
  }

  async function send(path: string, body?: unknown) {
    setBusy(true);
    setFailure(undefined);
    try {
      const { json } = await httpClient<LiveState>(`/api/admin/live/${token}/${path}`, {
        method: 'POST',
        body: body ?? {},
      });
      apply(json);
    } catch (problem) {
      setFailure((problem as Error).message);
      await reload();
    } finally {
      setBusy(false);
    }
  }

  /** Played or Declined: sent now, or kept on the tablet until the network is back. */
  async function answer(entry: Pick<LiveQueueEntry, 'song_id' | 'naziv'>, action: Answer) {
    setBusy(true);
    setFailure(undefined);
    try {
      await offline.answer({ song_id: entry.song_id, action, naziv: entry.naziv });
    } catch (problem) {
      setFailure((problem as Error).message);
      await reload();
    } finally {
      setBusy(false);
    }
  }

  /** A change of the running order (issue 27, point 3): its answer is the order as it now is. */
  async function sendOrder(path: string, body: object = {}) {
    setBusy(true);
    setFailure(undefined);
    try {
      const { json } = await httpClient<SetlistAnswer>(`/api/admin/live/${token}/setlist/${path}`, {
        method: 'POST',
        body,
      });
      running.take(json);
      return json;
    } catch (problem) {
      setFailure((problem as Error).message);
      await running.reload();
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  /** Previous and Next on the page: the band moves on, and the song it is at opens. */
  async function step(direction: Step) {
    const from = running.current ?? undefined;
    // Without the network the tablet walks the set it keeps (issue 27, point 5): the song opens
    // here; the server hears where the band is at the next step taken online.
    if (!navigator.onLine) {
      const at = from ? running.order.findIndex((song) => sameItem(song, from)) : -1;
      const to = running.order[direction === 'next' ? at + 1 : at - 1];
      if (to) openSong({ from: 'set', item: { kind: to.kind, song_id: to.song_id } });
      return;
    }
    const moved = await sendOrder(direction, from ? { from } : {});
    if (moved?.current) openSong({ from: 'set', item: moved.current });
  }

  /** The song a step from the one open, as the stage view's Previous and Next go. */
  function walkFrom(item: RunningItem, direction: Step) {
    const at = running.order.findIndex((song) => sameItem(song, item));
    const to = at < 0 ? undefined : running.order[direction === 'next' ? at + 1 : at - 1];
    if (!to) return undefined;
    const target = { kind: to.kind, song_id: to.song_id };
    return () => {
      openSong({ from: 'set', item: target });
      // The band is at the song the tablet walked to (a viewer's tablet only looks; without the
      // network the song opens all the same, and the server hears of the next one online).
      if (canEdit && navigator.onLine) void sendOrder('current', target);
    };
  }

  /** Played or Declined on a song of the set: a slotted request's place there changes with it. */
  async function answerInSet(song: Pick<LiveQueueEntry, 'song_id' | 'naziv'>, action: Answer) {
    await answer(song, action);
    await running.reload();
  }

  async function hide(message: BandMessage) {
    setBusy(true);
    setFailure(undefined);
    try {
      const { json } = await httpClient<{ messages: BandMessage[] }>(
        `/api/admin/live/${token}/messages/${message.id}/hide`,
        { method: 'POST', body: {} },
      );
      setMessages(json.messages);
    } catch (problem) {
      setFailure((problem as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const { gig, can_edit: canEdit, messages = [] } = data;
  // An answer waiting to be sent has taken its song off the queue already.
  const queue = data.queue.filter((entry) => !offline.pending.some((p) => p.song_id === entry.song_id));
  // Each entry's wait as the guests see it (issue 29), in the queue's own order.
  const waits = new Map(
    data.pace
      ? queueWaits(queue, { active: gig.active, pace: data.pace }).map((wait, i) => [queue[i].song_id, wait])
      : [],
  );
  // Viewers follow the band's order; the band may show the most requested songs first.
  const shown = demand && canEdit ? byDemand(queue) : queue;
  // A song that leaves the queue (played from another tablet too) closes its stage view; so does one
  // that leaves the set (a slotted request declined).
  const onStage: LiveQueueEntry | OrderedSong | undefined =
    staged?.from === 'queue'
      ? queue.find((entry) => entry.song_id === staged.song_id)
      : staged && running.order.find((song) => sameItem(song, staged.item));
  const stagedItem = staged?.from === 'set' ? staged.item : undefined;
  // Played and Decline in the stage view: a queued song, or a slotted request still waiting.
  const answerable =
    canEdit &&
    (!stagedItem ||
      (stagedItem.kind === 'request' &&
        !(onStage as OrderedSong | undefined)?.played &&
        queue.some((entry) => entry.song_id === stagedItem.song_id)));
  const followed = follow.shown?.song;
  const activeLabel = translate(gig.active ? 'band_page.taking_requests' : 'band_page.paused');
  return (
    <Box component="main" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600, mx: 'auto' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
            {gig.band_naziv}
          </Typography>
          <Typography variant="h4" component="h1">
            {gig.naziv}
          </Typography>
          <Typography color="text.secondary">{gig.lokacija}</Typography>
        </Box>
        <Button component="a" href={`/screen/${token}`} target="_blank" rel="noopener" variant="outlined">
          {translate('band_page.open_screen')}
        </Button>
        <Chip
          label={translate(online ? 'band_page.live' : 'band_page.reconnecting')}
          color={online ? 'success' : 'default'}
          role="status"
          sx={{ fontSize: 16 }}
        />
        {canEdit ? (
          <FormControlLabel
            control={
              <Switch
                checked={gig.active}
                disabled={busy}
                onChange={(event) => {
                  const active = event.target.checked;
                  // The switch moves at once; a failure reloads the real state.
                  apply({ version: data.version, queue: data.queue, active });
                  void send('active', { active });
                }}
              />
            }
            label={activeLabel}
          />
        ) : (
          <Typography>{activeLabel}</Typography>
        )}
        {canEdit && (
          <FormControlLabel
            control={
              <Switch
                checked={demand}
                onChange={(event) => {
                  setDemand(event.target.checked);
                  storeByDemand(event.target.checked);
                }}
              />
            }
            label={translate('band_page.by_demand')}
          />
        )}
        <PageLanguageMenu />
        <FollowControls follow={follow} canLead={canEdit} />
      </Box>
      <OfflineNotices
        network={offline.network}
        pending={offline.pending}
        refused={offline.refused}
        kept={kept}
        onDismiss={offline.dismiss}
      />
      {failure && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          // The set beside the queue on a tablet held sideways; below it on a narrower screen.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Paper>
          {queue.length === 0 ? (
            <Typography sx={{ p: 3, fontSize: 20 }}>{translate('band_page.empty')}</Typography>
          ) : (
            <List aria-label={translate('band_page.queue')}>
              {shown.map((entry, index) => (
                <QueueItem
                  key={entry.song_id}
                  entry={entry}
                  place={index + 1}
                  wait={waits.get(entry.song_id)}
                  last={index === shown.length - 1}
                  fresh={fresh === entry.song_id}
                  busy={busy}
                  movable={!(demand && canEdit)}
                  messages={messages.filter((m) => m.song_id === entry.song_id)}
                  onHide={canEdit ? (m) => void hide(m) : undefined}
                  onAction={
                    canEdit
                      ? (action) =>
                          action === 'played' || action === 'declined'
                            ? void answer(entry, action)
                            : void send(`songs/${entry.song_id}/${action}`)
                      : undefined
                  }
                  onOpen={() => openSong({ from: 'queue', song_id: entry.song_id })}
                  onPlayNext={
                    canEdit ? () => void sendOrder('play-next', { song_id: entry.song_id }) : undefined
                  }
                />
              ))}
            </List>
          )}
        </Paper>
        <SetPanel
          order={running.order}
          current={running.current}
          busy={busy}
          onOpen={(song) => openSong({ from: 'set', item: { kind: song.kind, song_id: song.song_id } })}
          onStep={canEdit ? (direction) => void step(direction) : undefined}
          onAnswer={canEdit ? (song, action) => void answerInSet(song, action) : undefined}
        />
      </Box>
      {followed && (
        <StageView
          token={token}
          entry={followed}
          busy={busy}
          onClose={follow.leave}
          onReload={() => void reload()}
        />
      )}
      {onStage && !followed && (
        <StageView
          // Another song is another view: what was shown of the last one (its file, its scroll) goes.
          key={stagedItem ? `${stagedItem.kind}-${stagedItem.song_id}` : `queue-${onStage.song_id}`}
          token={token}
          entry={onStage}
          busy={busy}
          onClose={() => openSong(undefined)}
          onReload={() => void (stagedItem ? running.reload() : reload())}
          onAction={
            answerable
              ? (action) => {
                  if (!stagedItem) openSong(undefined);
                  void (stagedItem ? answerInSet(onStage, action) : answer(onStage, action));
                }
              : undefined
          }
          onStep={
            stagedItem && {
              previous: walkFrom(stagedItem, 'previous'),
              next: walkFrom(stagedItem, 'next'),
            }
          }
        />
      )}
    </Box>
  );
}
