/** Bands: the spec's strings (en) and Serbian. */
export const en = {
  bands: {
    list: {
      title: 'Band Management',
      add: 'Add Band',
      loading: 'Loading bands...',
      failed: 'Failed to fetch bands',
      empty: 'No bands found in the system.',
      label: 'Bands',
      users: 'Users',
      users_of: 'Users of %{name}',
      members: '%{smart_count} user |||| %{smart_count} users',
    },
    form: {
      add_title: 'Add New Band',
      edit_title: 'Edit Band',
      name: 'Band Name',
      email: 'Email',
      email_help: 'Optional.',
      slug: 'Band link',
      slug_help:
        'The short name in the band link (/r/<name>): lowercase letters, digits and hyphens. Empty: made from the band name.',
      picture: 'Band Picture',
      remove_picture: 'Remove the current picture',
      not_image: 'Choose an image file (PNG, JPEG, GIF or WebP).',
      picture_kept: 'Current picture kept',
      no_picture: 'No picture chosen',
      add: 'Add Band',
      save: 'Save Changes',
    },
    add: {
      success: 'Band added successfully!',
      failed: 'Failed to add band',
      network: 'Error adding band',
    },
    edit: {
      success: 'Band updated successfully!',
      failed: 'Failed to update band',
      network: 'Error updating band',
    },
    delete: {
      title: 'Delete Band',
      confirm: 'Delete %{name}?',
      members_left:
        'Its %{smart_count} user will be left with no band. |||| Its %{smart_count} users will be left with no band.',
      owns: '%{message} Deleting the band deletes all of it too. This cannot be undone.',
      cascade: 'Delete band and all its data',
      success: 'Band deleted successfully!',
      failed: 'Failed to delete band',
      network: 'Error deleting band',
    },
    members: {
      title: 'Manage Users: %{name}',
      loading: 'Loading users...',
      failed: 'Error: Failed to fetch users',
      empty: 'No users assigned to this band.',
      remove: 'Remove',
      remove_one: 'Remove %{name}',
      removed: 'User removed from band successfully!',
      remove_failed: 'Failed to remove user',
      remove_network: 'Error removing user from band',
    },
    former: {
      own: {
        title: 'Former links',
        help: 'Links this band used before. Their printed QR codes still lead to the band, and no other band may take them until you release one.',
      },
      deleted: {
        title: 'Links of deleted bands',
        help: 'Printed QR codes of these links lead nowhere, and no band may take them until you release one.',
      },
      release: 'Release',
      release_one: 'Release %{link}',
      confirm_title: 'Release %{link}?',
      confirm:
        'Another band may then take it, and the printed QR codes of %{name} with this link will open that band’s gigs.',
      releasing: 'Releasing the link...',
      released: 'Link released: another band may take it now.',
    },
  },
};
