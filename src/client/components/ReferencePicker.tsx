import type { ReactNode } from 'react';
import { AutocompleteInput, ReferenceInput, required } from 'react-admin';
import { OWNERSHIP } from '../../shared/constants';
import { useReadOnly } from './readOnly';

interface Props {
  source: string;
  reference: 'performers' | 'playlists';
  /** A message key. */
  label: string;
  /** More that works with the choices (a loading toast, a preselection). */
  children?: ReactNode;
}

/**
 * A required pick of a performer or a playlist: the band's own and other bands' public ones,
 * searched on the server as the user types, so thousands stay usable.
 */
export function ReferencePicker({ source, reference, label, children }: Props) {
  const readOnly = useReadOnly();
  return (
    <ReferenceInput source={source} reference={reference} filter={{ ownership: OWNERSHIP.all }}>
      <>
        <AutocompleteInput
          label={label}
          optionText="naziv"
          validate={required()}
          readOnly={readOnly}
          filterToQuery={(q: string) => ({ q })}
        />
        {children}
      </>
    </ReferenceInput>
  );
}
