import type { DraggableProvided } from '@hello-pangea/dnd';
import type { CSSProperties, SyntheticEvent } from 'react';
import { useTranslate } from 'react-admin';
import defaultSong from '../assets/default-song.svg';
import type { PlaylistSong } from './types';
import './songCard.css';

interface Props {
  song: PlaylistSong;
  provided: DraggableProvided;
  dragging: boolean;
  /** Shown on playlist entries: removes the song from the playlist. */
  onRemove?: () => void;
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
export function SongCard({ song, provided, dragging, onRemove, position }: Props) {
  const translate = useTranslate();
  return (
    <div
      ref={provided.innerRef}
      {...provided.draggableProps}
      style={{ height: CARD_HEIGHT, marginBottom: GAP, ...position, ...provided.draggableProps.style }}
      className={dragging ? 'song-card dragging' : 'song-card'}
    >
      {/* The handle is the song itself; the x button stays outside it, so no control is nested
          inside another. */}
      <div
        {...provided.dragHandleProps}
        className="song-card-handle"
        // The handle's name; a card that cannot be dragged (read-only) is no control, and its text says it.
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
          <p className="song-card-title">{song.naziv}</p>
          {song.nazivizvodjaca && <p className="song-card-performer">{song.nazivizvodjaca}</p>}
        </div>
      </div>
      {onRemove && (
        <button
          type="button"
          className="song-card-remove"
          onClick={onRemove}
          aria-label={translate('playlists.editor.remove', { title: song.naziv })}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={CLOSE_ICON} />
          </svg>
        </button>
      )}
    </div>
  );
}

/** MUI's Close icon. */
const CLOSE_ICON =
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/** A picture that does not load gives way to the default one (as MUI's Avatar falls back). */
function showDefault(event: SyntheticEvent<HTMLImageElement>) {
  const picture = event.currentTarget;
  if (!picture.src.endsWith(defaultSong)) picture.src = defaultSong;
}
