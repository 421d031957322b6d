import { useQuery } from '@tanstack/react-query';
import { required, SelectInput, TextInput, useDataProvider } from 'react-admin';
import { CheckboxInput } from '../components/CheckboxInput';
import { FileInput } from '../components/FileInput';
import type { EncoreDataProvider } from '../providers/dataProvider';

/** The performers a song may name: the band's own and other bands' public ones. */
function PerformerSelect() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: ['performer-options'],
    queryFn: () => dataProvider.getPerformerOptions(),
  });
  return (
    <SelectInput
      source="performer"
      label="Performer"
      choices={data}
      optionText="naziv"
      validate={required()}
      isPending={isPending}
      emptyText="Choose a performer"
    />
  );
}

/** Fields shared by Add song and Edit song (spec §3 song form fields). */
export function SongFields({ picture }: { picture?: string | null }) {
  return (
    <>
      <TextInput source="title" label="Title" validate={required()} />
      <PerformerSelect />
      <FileInput source="picture" label="Picture" accept="image/*" currentUrl={picture} preview />
      <CheckboxInput source="visible" label="Visible public" />
    </>
  );
}
