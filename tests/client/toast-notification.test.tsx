import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode, useMemo } from 'react';
import { CoreAdminContext, NotificationContext, useNotificationContext, useNotify } from 'react-admin';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { ToastNotification } from '../../src/client/layout/ToastNotification';
import { i18nProvider } from '../../src/client/i18n';

/**
 * react-admin's own notifications (e.g. 'ra.message.invalid_form' when a form with a missing
 * required field is submitted) go through ToastNotification. react-admin's takeNotification() hands
 * out the first notification of the current render each time it is called, so a component that
 * calls it twice in one render gets the same notification again, forever: the page freezes. This
 * guard re-provides react-admin's real notification context, but throws instead of handing out
 * more notifications than the render holds, so such a loop fails the test instead of hanging it.
 */
function GuardedNotifications({ children }: { children: ReactNode }) {
  const context = useNotificationContext();
  const guarded = useMemo(() => {
    let taken = 0;
    return {
      ...context,
      takeNotification: () => {
        taken += 1;
        if (taken > context.notifications.length)
          throw new Error('takeNotification() called again for notifications already taken');
        return context.takeNotification();
      },
    };
  }, [context]);
  return <NotificationContext.Provider value={guarded}>{children}</NotificationContext.Provider>;
}

class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="status">Crashed: {this.state.error.message}</p> : this.props.children;
  }
}

function NotifyTwice() {
  const notify = useNotify();
  return (
    <button
      type="button"
      onClick={() => {
        notify('ra.message.invalid_form', { type: 'error' });
        notify('Pesma je sačuvana', { type: 'success' });
      }}
    >
      Notify
    </button>
  );
}

describe('ToastNotification', () => {
  it('shows each react-admin notification once, translated, as a toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    render(
      <>
        <CoreAdminContext i18nProvider={i18nProvider}>
          <Caught>
            <GuardedNotifications>
              <ToastNotification />
              <NotifyTwice />
            </GuardedNotifications>
          </Caught>
        </CoreAdminContext>
        <ToastContainer />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Pesma je sačuvana')).toBeInTheDocument();
    expect(screen.getAllByText('The form is not valid. Please check for errors')).toHaveLength(1);
    expect(screen.getAllByText('Pesma je sačuvana')).toHaveLength(1);
    expect(screen.queryByText(/^Crashed/)).not.toBeInTheDocument();
  });

  it('shows the same message once while it is on screen, however often it is notified', async () => {
    function NotifyThrice() {
      const notify = useNotify();
      return (
        <button
          type="button"
          onClick={() => {
            for (let i = 0; i < 3; i++) notify('Not signed in', { type: 'error' });
            notify('Pesma je obrisana', { type: 'success' });
          }}
        >
          Notify
        </button>
      );
    }
    render(
      <>
        <CoreAdminContext i18nProvider={i18nProvider}>
          <ToastNotification />
          <NotifyThrice />
        </CoreAdminContext>
        <ToastContainer />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Pesma je obrisana')).toBeInTheDocument();
    expect(screen.getAllByText('Not signed in')).toHaveLength(1);
  });
});
