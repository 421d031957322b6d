import { Alert, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface Props<T> {
  /** A react-admin list query (useGetList, useGetManyReference). */
  query: { isPending: boolean; error: unknown; data?: T[] };
  /** The messages' prefix: `<messages>.loading`, `.failed` and `.empty`. */
  messages: string;
  children: (rows: T[]) => ReactNode;
}

/** A whole list, as a screen or a modal shows it: loading, failed, empty, or its rows. */
export function Listed<T>({ query, messages, children }: Props<T>) {
  const translate = useTranslate();
  if (query.isPending) return <Typography role="status">{translate(`${messages}.loading`)}</Typography>;
  if (query.error || !query.data) return <Alert severity="error">{translate(`${messages}.failed`)}</Alert>;
  if (query.data.length === 0) return <Typography>{translate(`${messages}.empty`)}</Typography>;
  return children(query.data);
}
