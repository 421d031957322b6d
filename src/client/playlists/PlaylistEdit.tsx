import { type SetStateAction, useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useInput, useNotify } from 'react-admin';
import { EditScreen } from '../components/EditScreen';
import { useReadOnly } from '../components/readOnly';
import { NamePictureFields } from '../components/NamePictureFields';
import { PasteSetlist } from './PasteSetlist';
import { PlaylistEditor } from './PlaylistEditor';
import type { Playlist, PlaylistSong } from './types';

/** The playlist's songs as a form value, so a new order makes the form dirty (and unsaved). A
 *  read-only playlist (another band's, or any for a viewer) only lists them. */
function SongsInput({ playlist }: { playlist: Playlist }) {
  const { field } = useInput<PlaylistSong[]>({ source: 'songs' });
  const songs = (field.value as PlaylistSong[] | undefined) ?? [];
  const readOnly = useReadOnly();
  const { getValues } = useFormContext();
  // The editor changes the songs by value or by an updater of the current ones (x, +, the arrows);
  // the form keeps values only, so an updater is applied here (given as is, it was saved as no songs).
  const onChange = (next: SetStateAction<PlaylistSong[]>) =>
    field.onChange(typeof next === 'function' ? next((getValues('songs') as PlaylistSong[]) ?? []) : next);
  return (
    <>
      {!readOnly && <PasteSetlist playlistId={playlist.id} songs={songs} onChange={onChange} />}
      <PlaylistEditor songs={songs} onChange={onChange} readOnly={readOnly} />
    </>
  );
}

/** Spec §8: a playlist the server read with errors says so once. */
function LoadedWithErrors({ playlist }: { playlist: Playlist }) {
  const notify = useNotify();
  useEffect(() => {
    if (playlist.error) notify('playlists.edit.loaded_with_errors', { type: 'error' });
  }, [playlist, notify]);
  return null;
}

/** Spec §2 Edit playlist: the fields, and the drag-and-drop song order beneath them. Leaving with
 *  an unsaved order or name asks first. */
export function PlaylistEdit() {
  return (
    <EditScreen<Playlist> resource="playlists" warnWhenUnsavedChanges>
      {(playlist) => (
        <>
          <LoadedWithErrors playlist={playlist} />
          <NamePictureFields picture={playlist.slika} toggle />
          <SongsInput playlist={playlist} />
        </>
      )}
    </EditScreen>
  );
}
