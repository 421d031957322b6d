import type { DraggableProvided } from '@hello-pangea/dnd';
import { type CSSProperties, type SyntheticEvent, useRef } from 'react';
import { useTranslate } from 'react-admin';
import defaultSong from '../assets/default-song.svg';
import { FullTitle } from '../components/FullTitle';
import type { PlaylistSong } from './types';
import './songCard.css';

interface Props {
  song: PlaylistSong;
  provided: DraggableProvided;
  dragging: boolean;
  /** Shown on playlist entries: removes the song from the playlist. */
  onRemove?: () => void;
  /** Shown on available songs on a phone: adds the song at the top of the playlist, as a drop does. */
  onAdd?: () => void;
  /** The song is in the playlist already: its + is disabled (a second add would be ignored). */
  added?: boolean;
  /** Shown on playlist entries on a phone, where a finger cannot drag (docs/decisions.md): moves
   *  the song one place up or down; a missing one (first, last) is disabled. */
  move?: { up?: () => void; down?: () => void };
  /** Where the virtual list puts the card; pangea's own style (its moves) goes over it. */
  position?: CSSProperties;
}

const GAP = 6;
/** Every card is as tall as one with a performer line, so a virtual list knows each row's height
 *  without measuring it. */
const CARD_HEIGHT = 58;
/** The space a card takes in its list, the gap below it included. */
export const ROW_HEIGHT = CARD_HEIGHT + GAP;

/** One draggable song in the playlist editor: plain elements styled by songCard.css, as the virtual
 *  list renders them on every scroll and drag. */
export function SongCard({ song, provided, dragging, onRemove, onAdd, added, move, position }: Props) {
  const translate = useTranslate();
  const title = useRef<HTMLParagraphElement>(null);
  const button = (key: string, path: string, onClick: (() => void) | undefined) => (
    <button
      type="button"
      className="song-card-button"
      onClick={onClick}
      disabled={!onClick}
      aria-label={translate(`playlists.editor.${key}`, { title: song.naziv })}
    >
      <Icon path={path} />
    </button>
  );
  return (
    <FullTitle title={song.naziv} text={title} disabled={dragging}>
      <div
        ref={provided.innerRef}
        {...provided.draggableProps}
        style={{ height: CARD_HEIGHT, marginBottom: GAP, ...position, ...provided.draggableProps.style }}
        className={dragging ? 'song-card dragging' : 'song-card'}
      >
        {/* The handle is the song itself; the buttons stay outside it, so no control is nested inside
            another. */}
        <div
          {...provided.dragHandleProps}
          className="song-card-body"
          // The handle's name; a card that cannot be dragged (read-only, or on a phone) is no control,
          // and its text says it.
          aria-label={
            !provided.dragHandleProps
              ? undefined
              : song.nazivizvodjaca
                ? translate('playlists.editor.song', { title: song.naziv, performer: song.nazivizvodjaca })
                : song.naziv
          }
        >
          <img className="song-card-picture" src={song.slika ?? defaultSong} alt="" onError={showDefault} />
          <div className="song-card-text">
            <p className="song-card-title" ref={title}>
              {song.naziv}
            </p>
            {song.nazivizvodjaca && <p className="song-card-performer">{song.nazivizvodjaca}</p>}
          </div>
        </div>
        {onAdd && button('add', ADD_ICON, added ? undefined : onAdd)}
        {move && button('move_up', UP_ICON, move.up)}
        {move && button('move_down', DOWN_ICON, move.down)}
        {onRemove && button('remove', CLOSE_ICON, onRemove)}
      </div>
    </FullTitle>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/** MUI's Close, Add, ArrowUpward and ArrowDownward icons. */
const CLOSE_ICON =
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';
const ADD_ICON = 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z';
const UP_ICON = 'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8z';
const DOWN_ICON = 'm20 12-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8z';

/** A picture that does not load gives way to the default one (as MUI's Avatar falls back). */
function showDefault(event: SyntheticEvent<HTMLImageElement>) {
  const picture = event.currentTarget;
  if (!picture.src.endsWith(defaultSong)) picture.src = defaultSong;
}
