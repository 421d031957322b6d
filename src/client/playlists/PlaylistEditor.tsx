import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { type Dispatch, memo, type SetStateAction, useCallback, useState } from 'react';
import { useInfiniteGetList } from 'react-admin';
import { OWNERSHIP, PAGE_SIZE } from '../../shared/constants';
import { SearchBox } from '../components/SearchBox';
import { addToTop, move, remove } from './editorRules';
import { SongCard } from './SongCard';
import type { PlaylistSong } from './types';

const PLAYLIST = 'playlist';
const AVAILABLE = 'available';

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
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPending } =
    useInfiniteGetList<PlaylistSong>('songs', {
      pagination: { page: 1, perPage: PAGE_SIZE },
      filter: { ownership: OWNERSHIP.all, q },
    });
  const available = data?.pages.flatMap((page) => page.data) ?? [];
  const removeSong = useCallback((id: number) => onChange((current) => remove(current, id)), [onChange]);

  function onDragEnd({ source, destination, draggableId }: DropResult) {
    if (!destination) return;
    if (source.droppableId === PLAYLIST && destination.droppableId === PLAYLIST) {
      onChange(move(songs, source.index, destination.index));
    } else if (source.droppableId === AVAILABLE && destination.droppableId === PLAYLIST) {
      const song = available.find((s) => `a-${s.id}` === draggableId);
      if (song) onChange(addToTop(songs, song));
    } else if (source.droppableId === PLAYLIST && destination.droppableId === AVAILABLE) {
      onChange(remove(songs, songs[source.index].id));
    }
  }

  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <section aria-labelledby="playlist-songs-heading">
          <Typography id="playlist-songs-heading" variant="h6" component="h2">
            Songs in this playlist ({songs.length})
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
                    Drag songs here from the right.
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
              Available songs
            </Typography>
            <SearchBox placeholder="Enter song name" onSearch={onSearch} />
          </Box>
          <Droppable droppableId={AVAILABLE}>
            {(provided, snapshot) => (
              <Box
                ref={provided.innerRef}
                {...provided.droppableProps}
                data-testid="available-songs"
                sx={{ ...panel, mt: 1, bgcolor: snapshot.isDraggingOver ? 'action.hover' : undefined }}
              >
                {isPending && <CircularProgress size={24} aria-label="Loading songs" />}
                {available.map((song, index) => (
                  <Draggable key={song.id} draggableId={`a-${song.id}`} index={index}>
                    {(item, state) => <SongCard song={song} provided={item} dragging={state.isDragging} />}
                  </Draggable>
                ))}
                {provided.placeholder}
                {hasNextPage && (
                  <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} fullWidth>
                    More songs
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
