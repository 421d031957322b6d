import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  BooleanInput,
  maxValue,
  minValue,
  NumberInput,
  required,
  TextInput,
  useChoicesContext,
  useDataProvider,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxInput } from '../components/CheckboxInput';
import { FileInput } from '../components/FileInput';
import { ReferencePicker } from '../components/ReferencePicker';
import { useReadOnly } from '../components/readOnly';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { useProgressToast } from '../components/toasts';
import type { Playlist } from '../playlists/types';

/**
 * On a new gig the band's first playlist (its oldest) is preselected (spec §4). Only the band's own:
 * another band's public playlist is offered by the select but never chosen for the band, so a band
 * with no playlist of its own starts with the field empty and picks one (issue 26: the only choice
 * preselected looked like "No options", and the gig was saved on a playlist nobody chose).
 */
function PreselectFirst() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const { data } = useQuery({
    queryKey: ['playlist-options'],
    queryFn: () => dataProvider.getPlaylistOptions(),
  });
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    const first = data?.find((option) => option.owned);
    if (first && !getValues('playlista')) setValue('playlista', first.id);
  }, [data, getValues, setValue]);
  return null;
}

/** Spec §8: 'Loading playlists, please wait...' while the playlists load. */
function LoadingToast() {
  const { isPending } = useChoicesContext();
  const begin = useProgressToast();
  useEffect(() => {
    if (!isPending) return;
    const toast = begin('gigs.fields.loading_playlists');
    return () => toast.dismissed();
  }, [isPending, begin]);
  return null;
}

/** The playlist picker: every playlist the band may play (its own and public ones). */
function PlaylistInput({ preselect }: { preselect: boolean }) {
  return (
    <ReferencePicker source="playlista" reference="playlists" label="gigs.fields.playlist">
      <LoadingToast />
      {preselect && <PreselectFirst />}
    </ReferencePicker>
  );
}

/** The spacing between a song's requests: at least 1 song and 2 minutes. */
const SPACING = [
  { source: 'razmakpesme', label: 'gigs.fields.min_songs', min: 1 },
  { source: 'razmakvreme', label: 'gigs.fields.min_minutes', min: 2 },
];

/** Spec §2 Add gig: a preview of the chosen playlist's songs. */
export function PlaylistPreview() {
  const translate = useTranslate();
  const playlistId = useWatch({ name: 'playlista' }) as number | '' | null | undefined;
  const { data } = useGetOne<Playlist>(
    'playlists',
    // The full playlist (with its songs), not the list row the picker's search put in the cache.
    { id: playlistId as number, meta: { screen: 'edit' } },
    { enabled: Boolean(playlistId) },
  );
  if (!playlistId || !data) return null;
  return (
    <section aria-labelledby="playlist-preview-heading">
      <Typography id="playlist-preview-heading" variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('gigs.fields.preview', { name: data.naziv, count: data.songs.length })}
      </Typography>
      {data.songs.length === 0 ? (
        <Typography color="text.secondary">{translate('list.empty')}</Typography>
      ) : (
        <List
          dense
          tabIndex={0}
          aria-label={translate('gigs.fields.preview_list', { name: data.naziv })}
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
 *  playlist and picture; and issue 29's artist spacing and minutes per song. */
export function GigFields({ picture, isNew }: { picture?: string | null; isNew?: boolean }) {
  const readOnly = useReadOnly();
  return (
    <>
      <TextInput source="naziv" label="gigs.fields.name" validate={required()} readOnly={readOnly} />
      <TextInput source="lokacija" label="gigs.fields.location" validate={required()} readOnly={readOnly} />
      <BooleanInput source="status" label="gigs.fields.active" readOnly={readOnly} />
      {SPACING.map(({ source, label, min }) => (
        <NumberInput
          key={source}
          source={source}
          label={label}
          min={min}
          step={1}
          validate={[required(), minValue(min)]}
          readOnly={readOnly}
        />
      ))}
      {/* Issue 29: the third spacing rule and the wait estimate's guess per song. */}
      <NumberInput
        source="artist_spacing"
        label="gigs.fields.artist_spacing"
        helperText="gigs.fields.artist_spacing_hint"
        min={0}
        max={100}
        step={1}
        validate={[required(), minValue(0), maxValue(100)]}
        readOnly={readOnly}
      />
      <NumberInput
        source="minutes_per_song"
        label="gigs.fields.minutes_per_song"
        helperText="gigs.fields.minutes_per_song_hint"
        min={1}
        max={60}
        step={1}
        validate={[required(), minValue(1), maxValue(60)]}
        readOnly={readOnly}
      />
      <TextInput
        source="pocetak"
        label="gigs.fields.start"
        type="datetime-local"
        validate={required()}
        readOnly={readOnly}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <PlaylistInput preselect={Boolean(isNew)} />
      <CheckboxInput source="allow_messages" label="gigs.fields.allow_messages" />
      <FileInput source="picture" label="fields.picture" accept="image/*" currentUrl={picture} preview />
    </>
  );
}
