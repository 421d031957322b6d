import { Box, Button, CircularProgress, Typography } from '@mui/material';
import {
  DragDropContext,
  Draggable,
  Droppable,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { type Dispatch, memo, type SetStateAction, useCallback, useState } from 'react';
import { useInfiniteGetList, useTranslate } from 'react-admin';
import { OWNERSHIP, PAGE_SIZE } from '../../shared/constants';
import { SearchBox } from '../components/SearchBox';
import { AVAILABLE, drop, type Place, PLAYLIST, remove } from './editorRules';
import { SongCard } from './SongCard';
import type { PlaylistSong } from './types';

interface Props {
  songs: PlaylistSong[];
  onChange: Dispatch<SetStateAction<PlaylistSong[]>>;
}

/** The playlist's entries, memoized so that a drag re-renders only what moves (pangea's advice for
 *  long lists: a 500-song playlist stays responsive). */
const PlaylistItems = memo(function PlaylistItems({
  songs,
  onRemove,
}: {
  songs: PlaylistSong[];
  onRemove: (id: number) => void;
}) {
  return songs.map((song, index) => (
    <Draggable key={song.id} draggableId={`p-${song.id}`} index={index}>
      {(item, state) => (
        <SongCard
          song={song}
          provided={item}
          dragging={state.isDragging}
          onRemove={() => onRemove(song.id)}
        />
      )}
    </Draggable>
  ));
});

const panel = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: 1,
  height: 'calc(100vh - 300px)',
  minHeight: 320,
  overflowY: 'auto',
} as const;

/**
 * Spec §2 Edit playlist: the playlist's songs on the left, in order; the songs the band may use on
 * the right, searched and paged (never all rendered at once). Drag right→left to add (at the top;
 * a song already present is ignored), within the left to reorder, left→right or x to remove.
 * @hello-pangea/dnd makes every move work with the keyboard too (space, arrows, space).
 */
export function PlaylistEditor({ songs, onChange }: Props) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPending } =
    useInfiniteGetList<PlaylistSong>('songs', {
      pagination: { page: 1, perPage: PAGE_SIZE },
      filter: { ownership: OWNERSHIP.all, q },
    });
  const available = data?.pages.flatMap((page) => page.data) ?? [];
  const removeSong = useCallback((id: number) => onChange((current) => remove(current, id)), [onChange]);

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
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <section aria-labelledby="playlist-songs-heading">
          <Typography id="playlist-songs-heading" variant="h6" component="h2">
            {translate('playlists.editor.songs_heading', { count: songs.length })}
          </Typography>
          <Droppable droppableId={PLAYLIST}>
            {(provided, snapshot) => (
              <Box
                ref={provided.innerRef}
                {...provided.droppableProps}
                data-testid="playlist-songs"
                sx={{ ...panel, bgcolor: snapshot.isDraggingOver ? 'action.hover' : undefined }}
              >
                {songs.length === 0 && (
                  <Typography color="text.secondary" sx={{ p: 1 }}>
                    {translate('playlists.editor.empty')}
                  </Typography>
                )}
                <PlaylistItems songs={songs} onRemove={removeSong} />
                {provided.placeholder}
              </Box>
            )}
          </Droppable>
        </section>
        <section aria-labelledby="available-songs-heading">
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
            <SearchBox placeholder="playlists.editor.search" onSearch={onSearch} />
          </Box>
          <Droppable droppableId={AVAILABLE}>
            {(provided, snapshot) => (
              <Box
                ref={provided.innerRef}
                {...provided.droppableProps}
                data-testid="available-songs"
                sx={{ ...panel, mt: 1, bgcolor: snapshot.isDraggingOver ? 'action.hover' : undefined }}
              >
                {isPending && (
                  <CircularProgress size={24} aria-label={translate('playlists.editor.loading')} />
                )}
                {available.map((song, index) => (
                  <Draggable key={song.id} draggableId={`a-${song.id}`} index={index}>
                    {(item, state) => <SongCard song={song} provided={item} dragging={state.isDragging} />}
                  </Draggable>
                ))}
                {provided.placeholder}
                {hasNextPage && (
                  <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} fullWidth>
                    {translate('playlists.editor.more')}
                  </Button>
                )}
              </Box>
            )}
          </Droppable>
        </section>
      </Box>
    </DragDropContext>
  );
}
