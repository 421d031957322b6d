/** Performers: the spec's strings (en) and Serbian. */
export const en = {
  performers: {
    list: {
      title: 'Performers',
      all: 'All Performers',
      mine: 'My Performers',
      others: 'Other Performers',
      search: 'Search by name',
      public: 'Public',
      private: 'Private',
    },
    add: {
      title: 'Add performer',
      save: 'Add Performer',
      pending: 'Adding performer, please wait...',
      success: 'Performer has been added',
    },
    edit: {
      title: 'Edit performer %{name}',
      save: 'Update Performer',
      pending: 'Updating performer, please wait...',
      success: 'Performer has been updated',
    },
    delete: {
      pending: 'Removing performer, please wait...',
      success: 'Performer has been deleted',
      error: 'Performer not deleted',
      bulk_pending:
        'Removing performer, please wait... |||| Removing %{smart_count} performers, please wait...',
      bulk_success: 'Performer has been deleted |||| %{smart_count} performers have been deleted',
      dialog_title: 'Performer deleted',
      id: 'ID %{id}',
      affected_songs: 'Izmenjeno pesama: %{count}',
      ok: 'OK',
    },
  },
};
