import { useEffect, useMemo } from 'react';

/** A URL for previewing a chosen file, released when the file changes or the component goes. */
export function useObjectUrl(file: File | undefined): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
