import { createContext, useContext, useEffect } from 'react';
import { type ErrorProps, Title, useTranslate } from 'react-admin';
import { retryFailedScreens } from '../components/lazyScreen';
import { FailureNotice } from './FailureNotice';

/** Renders the failed screen again (the layout, remounted: react-admin gives its error page no reset). */
export const RetryScreen = createContext<() => void>(() => {});

/**
 * The panel's error page for a screen that failed, with Retry: a screen whose code did not load
 * while the network was down loads once it is back, without a reload of the whole panel.
 */
export function ScreenError({ title }: ErrorProps) {
  const translate = useTranslate();
  const retry = useContext(RetryScreen);
  // Another screen chosen instead (react-admin then clears the error): the failed one loads anew
  // when next asked for. (Retry itself must re-arm before the layout renders again, so at the click.)
  useEffect(() => retryFailedScreens, []);
  return (
    <>
      {title && <Title title={title} />}
      <FailureNotice
        translate={translate}
        onRetry={() => {
          retryFailedScreens();
          retry();
        }}
      />
    </>
  );
}
