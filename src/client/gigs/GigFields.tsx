import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  BooleanInput,
  minValue,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useDataProvider,
  useGetOne,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FileInput } from '../components/FileInput';
import type { EncoreDataProvider } from '../providers/dataProvider';
import type { Playlist } from '../playlists/types';

/** The playlist selector; on a new gig the first playlist is preselected (spec §4). */
function PlaylistSelect({ preselect }: { preselect: boolean }) {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: ['playlist-options'],
    queryFn: () => dataProvider.getPlaylistOptions(),
  });
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    if (!isPending) return;
    const id = toast.loading('Loading playlists, please wait...');
    return () => toast.dismiss(id);
  }, [isPending]);
  useEffect(() => {
    if (preselect && data.length && !getValues('playlista')) setValue('playlista', data[0].id);
  }, [preselect, data, getValues, setValue]);
  return (
    <SelectInput
      source="playlista"
      label="Playlist"
      choices={data}
      optionText="naziv"
      validate={required()}
      isPending={isPending}
      emptyText="Choose a playlist"
    />
  );
}

/** Spec §2 Add gig: a preview of the chosen playlist's songs. */
export function PlaylistPreview() {
  const playlistId = useWatch({ name: 'playlista' }) as number | '' | undefined;
  const { data } = useGetOne<Playlist>(
    'playlists',
    { id: playlistId as number },
    { enabled: Boolean(playlistId) },
  );
  if (!playlistId || !data) return null;
  return (
    <section aria-labelledby="playlist-preview-heading">
      <Typography id="playlist-preview-heading" variant="h6" component="h2" sx={{ mt: 2 }}>
        Songs of {data.naziv} ({data.songs.length})
      </Typography>
      {data.songs.length === 0 ? (
        <Typography color="text.secondary">Nema podataka</Typography>
      ) : (
        <List
          dense
          tabIndex={0}
          aria-label={`Songs of ${data.naziv}`}
          sx={{ maxHeight: 320, overflowY: 'auto' }}
        >
          {data.songs.map((song, i) => (
            <ListItem key={song.id} disableGutters>
              <ListItemText
                primary={`${i + 1}. ${song.naziv}`}
                secondary={song.nazivizvodjaca ?? undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}

/** Spec §2 / §5 gig fields: name, location, active toggle, both spacing minimums, start time,
 *  playlist and picture. */
export function GigFields({ picture, isNew }: { picture?: string | null; isNew?: boolean }) {
  return (
    <>
      <TextInput source="title" label="Gig name" validate={required()} />
      <TextInput source="lokacija" label="Location" validate={required()} />
      <BooleanInput source="status" label="Gig Active" />
      <NumberInput
        source="razmakpesme"
        label="Minimum songs between same orders"
        min={1}
        step={1}
        validate={[required(), minValue(1)]}
      />
      <NumberInput
        source="razmakvreme"
        label="Minimum minutes between same orders"
        min={2}
        step={1}
        validate={[required(), minValue(2)]}
      />
      <TextInput
        source="starttime"
        label="Start time"
        type="datetime-local"
        validate={required()}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <PlaylistSelect preselect={Boolean(isNew)} />
      <FileInput source="picture" label="Picture" accept="image/*" currentUrl={picture} preview />
    </>
  );
}
