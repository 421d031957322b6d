/** Bandmates together (issue 28): who else has this item open. */
export const en = {
  together: {
    also_here: 'Also here:',
    also_here_label: 'Also here: %{names}',
  },
};
