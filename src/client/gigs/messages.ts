/** Gigs: the spec's strings (en) and Serbian. */
export const en = {
  gigs: {
    list: {
      title: 'Gigs',
      search: 'Search by name or location',
      subtitle: '%{location} (%{start})',
    },
    band_link: {
      title: 'Band link',
      help: 'One QR code for every gig: it opens the gig that takes requests now.',
    },
    add: {
      title: 'Add gig',
      save: 'Add Gig',
      pending: 'Adding gig, please wait...',
      success: 'Gig has been added',
    },
    edit: {
      title: 'Edit Gig',
      save: 'Update Gig',
      pending: 'Updating gig, please wait...',
      success: 'Gig has been updated',
      band_url: 'Band URL',
      public_url: 'Public URL',
      open_gig: 'Open Gig',
      open_qr: 'Open QRC',
      open_screen: 'Open Screen',
      print_qr: 'Print QRC',
      qr_failed: 'Could not load the QR code.',
      scan: 'Scan to request a song',
    },
    delete: {
      pending: 'Removing gig, please wait...',
      success: 'Gig has been deleted',
      success_named: 'Gig %{name} has been deleted',
      error: 'Gig not deleted',
    },
    summary: {
      title: 'Requests',
      totals: '%{total} in all: %{played} played, %{declined} declined, %{waiting} waiting.',
      chart: 'Requests over time',
      bucket: '%{time}: %{count}',
      download: 'Download report (CSV)',
      top: 'Most requested',
      top_list: 'Most requested songs',
      requests: '%{smart_count} request |||| %{smart_count} requests',
    },
    qr: {
      title: 'QR code for %{url}',
    },
    fields: {
      name: 'Gig name',
      location: 'Location',
      active: 'Gig Active',
      min_songs: 'Minimum songs between same orders',
      min_minutes: 'Minimum minutes between same orders',
      artist_spacing: 'Songs between the same performer',
      artist_spacing_hint:
        '0 = off. A song is refused while its performer was among the last songs played or waits within this many songs before it.',
      minutes_per_song: 'Minutes per song',
      minutes_per_song_hint:
        'For the guests’ wait estimate: used for songs without a duration until the gig has its own pace.',
      start: 'Start time',
      allow_messages: 'Allow messages',
      playlist: 'Playlist',
      preview: 'Songs of %{name} (%{count})',
      preview_list: 'Songs of %{name}',
      loading_playlists: 'Loading playlists, please wait...',
    },
  },
};
