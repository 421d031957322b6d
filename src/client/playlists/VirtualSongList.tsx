import { Box } from '@mui/material';
import {
  Draggable,
  Droppable,
  type DraggableProvided,
  type DraggableRubric,
  type DraggableStateSnapshot,
  type DroppableProvided,
  type DroppableStateSnapshot,
} from '@hello-pangea/dnd';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useRef } from 'react';
import { ROW_HEIGHT, SongCard } from './SongCard';
import type { PlaylistSong } from './types';

interface Props {
  /** pangea's droppable id (editorRules' PLAYLIST or AVAILABLE). */
  id: string;
  songs: PlaylistSong[];
  testId: string;
  /** Given on the playlist: each card's x button removes its song. */
  onRemove?: (id: number) => void;
  /** Given on the available songs on a phone: each card's + button adds its song. */
  onAdd?: (song: PlaylistSong) => void;
  /** The songs in the playlist, whose + is disabled. */
  added?: ReadonlySet<number>;
  /** Given on the playlist on a phone: each card's arrows move its song a place up or down. */
  onMove?: (from: number, to: number) => void;
  /** On a phone no card is dragged (a finger cannot drag in pangea's virtual mode: decisions.md). */
  noDrag?: boolean;
  /** Read-only: no card can be dragged, and nothing can be dropped here. */
  locked?: boolean;
  /** Shown above the cards (an empty list's hint, a spinner). */
  before?: ReactNode;
  /** Shown below the cards (the next page's button). */
  after?: ReactNode;
  marginTop?: number;
}

const panel = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: 1,
  height: 'calc(100vh - 300px)',
  minHeight: 320,
  overflowY: 'auto',
} as const;

/** Rows rendered beyond the visible ones, so a keyboard move or a quick scroll finds its next card
 *  already there. */
const OVERSCAN = 6;

/**
 * One of the editor's song lists, virtualized: only the cards in view (and a few around them) are in
 * the page, so a list of thousands opens and reorders as fast as a short one. pangea's virtual mode
 * drags a clone (the card itself may scroll out of the window and unmount) and, as its docs ask,
 * the list grows by one row while a card from elsewhere is over it, to make room for it.
 */
export function VirtualSongList({ id, ...props }: Props) {
  const { songs, onRemove, onAdd, added } = props;
  const renderClone = useCallback(
    (provided: DraggableProvided, snapshot: DraggableStateSnapshot, rubric: DraggableRubric) => {
      const song = songs[rubric.source.index];
      return (
        <SongCard
          song={song}
          provided={provided}
          dragging={snapshot.isDragging}
          onRemove={onRemove && (() => onRemove(song.id))}
          onAdd={onAdd && (() => onAdd(song))}
          added={added?.has(song.id)}
        />
      );
    },
    [songs, onRemove, onAdd, added],
  );
  return (
    <Droppable droppableId={id} mode="virtual" renderClone={renderClone} isDropDisabled={props.locked}>
      {(provided, snapshot) => <Rows droppableId={id} provided={provided} snapshot={snapshot} {...props} />}
    </Droppable>
  );
}

function Rows({
  droppableId,
  provided,
  snapshot,
  songs,
  testId,
  onRemove,
  onAdd,
  added,
  onMove,
  noDrag,
  locked,
  before,
  after,
  marginTop,
}: Omit<Props, 'id'> & {
  droppableId: string;
  provided: DroppableProvided;
  snapshot: DroppableStateSnapshot;
}) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const { innerRef } = provided;
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      innerRef(element);
    },
    [innerRef],
  );
  const virtualizer = useVirtualizer({
    count: songs.length + (snapshot.isUsingPlaceholder ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => songs[index]?.id ?? 'room',
    overscan: OVERSCAN,
  });
  return (
    <Box
      ref={ref}
      {...provided.droppableProps}
      data-testid={testId}
      sx={{ ...panel, mt: marginTop, bgcolor: snapshot.isDraggingOver ? 'action.hover' : undefined }}
    >
      {before}
      <div style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const song = songs[row.index];
          // The extra row made while a card from the other list is over this one stays empty.
          if (!song) return null;
          return (
            <Draggable
              key={song.id}
              draggableId={`${droppableId}-${song.id}`}
              index={row.index}
              isDragDisabled={locked || noDrag}
            >
              {(item, state) => (
                <SongCard
                  song={song}
                  provided={item}
                  dragging={state.isDragging}
                  onRemove={onRemove && (() => onRemove(song.id))}
                  onAdd={onAdd && (() => onAdd(song))}
                  added={added?.has(song.id)}
                  move={
                    onMove && {
                      up: row.index > 0 ? () => onMove(row.index, row.index - 1) : undefined,
                      down: row.index < songs.length - 1 ? () => onMove(row.index, row.index + 1) : undefined,
                    }
                  }
                  position={{ position: 'absolute', top: row.start, left: 0, right: 0 }}
                />
              )}
            </Draggable>
          );
        })}
      </div>
      {after}
    </Box>
  );
}
