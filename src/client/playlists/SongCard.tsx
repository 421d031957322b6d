import CloseIcon from '@mui/icons-material/Close';
import { Avatar, Box, IconButton, Paper, Typography } from '@mui/material';
import type { DraggableProvided } from '@hello-pangea/dnd';
import type { CSSProperties } from 'react';
import { useTranslate } from 'react-admin';
import defaultSong from '../assets/default-song.svg';
import type { PlaylistSong } from './types';

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

/** One draggable song in the playlist editor. */
export function SongCard({ song, provided, dragging, onRemove, position }: Props) {
  const translate = useTranslate();
  return (
    <Paper
      ref={provided.innerRef}
      {...provided.draggableProps}
      style={{ ...position, ...provided.draggableProps.style }}
      elevation={dragging ? 6 : 0}
      variant={dragging ? 'elevation' : 'outlined'}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 0.75,
        mb: `${GAP}px`,
        height: CARD_HEIGHT,
        boxSizing: 'border-box',
        bgcolor: 'background.paper',
      }}
    >
      {/* The handle is the song itself; the x button stays outside it, so no control is nested
          inside another. */}
      <Box
        {...provided.dragHandleProps}
        aria-label={
          song.nazivizvodjaca
            ? translate('playlists.editor.song', { title: song.naziv, performer: song.nazivizvodjaca })
            : song.naziv
        }
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1, minWidth: 0 }}
      >
        <Avatar variant="rounded" src={song.slika ?? defaultSong} alt="" sx={{ width: 32, height: 32 }} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap>{song.naziv}</Typography>
          {song.nazivizvodjaca && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {song.nazivizvodjaca}
            </Typography>
          )}
        </div>
      </Box>
      {onRemove && (
        <IconButton
          size="small"
          onClick={onRemove}
          aria-label={translate('playlists.editor.remove', { title: song.naziv })}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Paper>
  );
}
