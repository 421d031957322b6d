import type { ReactNode } from 'react';
import { ExportButton } from './ExportButton';
import { OwnershipFilter } from './OwnershipFilter';
import { SearchBox } from './SearchBox';
import type { useUrlFilters } from './useUrlFilters';

interface Props {
  resource: 'songs' | 'performers' | 'playlists';
  /** The ownership filter's query name (spec §7: o for songs, os for the others). */
  param: 'o' | 'os';
  filters: ReturnType<typeof useUrlFilters>;
  /** Between the search and the export (the songs' import). */
  children?: ReactNode;
}

/** A repertoire list's ownership filter, search and CSV export, labelled by `<resource>.list.*`. */
export function RepertoireFilters({
  resource,
  param,
  filters: { ownership, q, setOwnership, setQ },
  children,
}: Props) {
  return (
    <>
      <OwnershipFilter
        labels={[`${resource}.list.all`, `${resource}.list.mine`, `${resource}.list.others`]}
        value={ownership}
        onChange={setOwnership}
      />
      <SearchBox placeholder={`${resource}.list.search`} value={q} onSearch={setQ} />
      {children}
      <ExportButton list={resource} params={{ [param]: ownership, q }} />
    </>
  );
}
