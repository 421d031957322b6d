import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserFormDialog } from '../../src/client/users/UserFormDialog';
import { fakeFetch, json, renderAlone, settle, signIn, SYSTEM_ADMIN } from './helpers';

const ADD = 'POST /api/admin/adduser';

async function addTaken(locale?: 'en' | 'sr') {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  signIn(SYSTEM_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, SYSTEM_ADMIN),
    [ADD]: json(422, {
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'] },
    }),
  });
  const { user } = renderAlone(<UserFormDialog bands={[]} onClose={vi.fn()} />, { locale });
  const dialog = await screen.findByRole('dialog');
  const [name, email, password] = [/^(Name|Ime)/, /^(Email|E-pošta|Email adresa)/, /^(Password|Lozinka)/].map(
    (label) => within(dialog).getByLabelText(label),
  );
  await user.type(name, 'Nina');
  await user.type(email, 'ana@zvezde.rs');
  await user.type(password, 'tajna1234');
  await user.click(within(dialog).getAllByRole('button').at(-1)!);
  await waitFor(() => expect(server.callsTo(ADD)).toHaveLength(1));
  await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
  return { dialog, email };
}

describe('Add New User with an email already taken (issue 26, point 3)', () => {
  it("shows the field's message, and no toast 'The form is not valid' beside it", async () => {
    const { email } = await addTaken();
    expect(email).toHaveAccessibleDescription('The email has already been taken.');
    // Long enough for react-admin's invalid-form notification to show, were it sent.
    await settle();
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /not valid/ })).not.toBeInTheDocument();
  });

  it('nor its Serbian', async () => {
    await addTaken('sr');
    await settle();
    expect(screen.queryByText(/Obrazac nije ispravan/)).not.toBeInTheDocument();
  });
});
