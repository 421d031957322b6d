import { Box, Button, CircularProgress, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  DragDropContext,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { type Dispatch, type SetStateAction, useCallback, useMemo, useState } from 'react';
import { useInfiniteGetList, useTranslate } from 'react-admin';
import { OWNERSHIP, PAGE_SIZE } from '../../shared/constants';
import { SearchBox } from '../components/SearchBox';
import { addToTop, AVAILABLE, drop, move, type Place, PLAYLIST, remove } from './editorRules';
import type { PlaylistSong } from './types';
import { VirtualSongList } from './VirtualSongList';

interface Props {
  songs: PlaylistSong[];
  onChange: Dispatch<SetStateAction<PlaylistSong[]>>;
  /** Only the playlist's songs, in order: nothing to drag, remove or add. */
  readOnly?: boolean;
}

/**
 * Spec §2 Edit playlist: the playlist's songs on the left, in order; the songs the band may use on
 * the right, searched and paged. Both lists are virtual: only the cards in view are rendered, so a
 * playlist of thousands opens and reorders at once. Drag right→left to add (at the top;
 * a song already present is ignored), within the left to reorder, left→right or x to remove.
 * @hello-pangea/dnd makes every move work with the keyboard too (space, arrows, space).
 */
export function PlaylistEditor({ songs, onChange, readOnly = false }: Props) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPending } =
    useInfiniteGetList<PlaylistSong>(
      'songs',
      {
        pagination: { page: 1, perPage: PAGE_SIZE },
        filter: { ownership: OWNERSHIP.all, q },
      },
      { enabled: !readOnly },
    );
  const available = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  const removeSong = useCallback((id: number) => onChange((current) => remove(current, id)), [onChange]);
  // On a phone (the lists one above the other) songs are added with + and moved with arrows:
  // pangea's touch drag does not work in its virtual mode (docs/decisions.md), and a long press
  // then shows a cut title whole instead of lifting the card.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const addSong = useCallback(
    (song: PlaylistSong) => onChange((current) => addToTop(current, song)),
    [onChange],
  );
  const added = useMemo(() => new Set(songs.map((song) => song.id)), [songs]);
  const moveSong = useCallback(
    (from: number, to: number) => onChange((current) => move(current, from, to)),
    [onChange],
  );

  /** The song being dragged, found by where it started. */
  const songAt = (place: Place) => (place.droppableId === PLAYLIST ? songs : available)[place.index];
  const listName = (place: Place) =>
    translate(place.droppableId === PLAYLIST ? 'playlists.drag.playlist' : 'playlists.drag.available');
  // What screen readers hear while a song is dragged with the keyboard, in the panel's language
  // (pangea's own announcements are English and name positions only).
  const say = (provided: ResponderProvided, key: string, song: PlaylistSong | undefined, args = {}) =>
    provided.announce(translate(`playlists.drag.${key}`, { title: song?.naziv ?? '', ...args }));

  function onDragStart(start: DragStart, provided: ResponderProvided) {
    const place = start.source;
    say(provided, 'lifted', songAt(place), { position: place.index + 1, list: listName(place) });
  }

  function onDragUpdate(update: DragUpdate, provided: ResponderProvided) {
    const song = songAt(update.source);
    const to = update.destination;
    if (!to) say(provided, 'nowhere', song);
    else say(provided, 'over', song, { position: to.index + 1, list: listName(to) });
  }

  function onDragEnd(result: DropResult, provided: ResponderProvided) {
    const song = songAt(result.source);
    if (!song) return;
    if (result.reason === 'CANCEL') return say(provided, 'cancelled', song);
    const { songs: next, outcome } = drop(songs, song, result.source, result.destination);
    if (next !== songs) onChange(next);
    say(provided, outcome, song, {
      from: result.source.index + 1,
      to: (result.destination?.index ?? 0) + 1,
    });
  }

  return (
    <DragDropContext
      onDragStart={onDragStart}
      onDragUpdate={onDragUpdate}
      onDragEnd={onDragEnd}
      dragHandleUsageInstructions={translate('playlists.drag.instructions')}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: readOnly ? undefined : { md: '1fr 1fr' } }}>
        <section aria-labelledby="playlist-songs-heading">
          <Typography id="playlist-songs-heading" variant="h6" component="h2">
            {translate('playlists.editor.songs_heading', { count: songs.length })}
          </Typography>
          <VirtualSongList
            id={PLAYLIST}
            songs={songs}
            testId="playlist-songs"
            onRemove={readOnly ? undefined : removeSong}
            onMove={phone && !readOnly ? moveSong : undefined}
            noDrag={phone}
            locked={readOnly}
            before={
              songs.length === 0 && (
                <Typography color="text.secondary" sx={{ p: 1 }}>
                  {translate(phone ? 'playlists.editor.empty_phone' : 'playlists.editor.empty')}
                </Typography>
              )
            }
          />
        </section>
        {/* Nothing to add to a read-only playlist. */}
        <section aria-labelledby="available-songs-heading" hidden={readOnly}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              flexWrap: 'wrap',
            }}
          >
            <Typography id="available-songs-heading" variant="h6" component="h2">
              {translate('playlists.editor.available_heading')}
            </Typography>
            <SearchBox placeholder="playlists.editor.search" value={q} onSearch={onSearch} />
          </Box>
          <VirtualSongList
            id={AVAILABLE}
            songs={available}
            testId="available-songs"
            onAdd={phone ? addSong : undefined}
            added={phone ? added : undefined}
            noDrag={phone}
            marginTop={1}
            before={
              isPending && <CircularProgress size={24} aria-label={translate('playlists.editor.loading')} />
            }
            after={
              hasNextPage && (
                <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} fullWidth>
                  {translate('playlists.editor.more')}
                </Button>
              )
            }
          />
        </section>
      </Box>
    </DragDropContext>
  );
}
