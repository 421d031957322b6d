/** The Insights screen (issue 29, point 3). */
export const en = {
  insights: {
    title: 'Insights',
    period: 'Period',
    from: 'From',
    to: 'To',
    band: 'Band',
    all_bands: 'All bands',
    loading: 'Loading insights…',
    failed: 'Could not load the insights.',
    time_zone: 'Times are in %{zone}.',
    download: 'Download CSV',
    download_named: 'Download CSV: %{name}',
    no_band: 'You need to belong to a band to see its insights.',
    nothing: 'No requests in this period.',
    totals: {
      title: 'How requests ended',
      summary: '%{total} requests at %{gigs} gigs.',
      played: 'Played',
      declined: 'Declined',
      waiting: 'Left waiting',
      share: '%{label}: %{count} (%{percent} %)',
    },
    gigs: {
      title: 'Requests per gig',
      bar: '%{gig}, %{start}: %{count}',
    },
    hours: {
      title: 'Requests per hour of the night',
      bar: '%{hour}:00 – %{count}',
    },
    songs: { title: 'Most requested songs' },
    performers: { title: 'Most requested performers' },
    misses: {
      title: 'Searched for and not found',
      none: 'Every search found a song.',
    },
    never: {
      title: 'Never requested',
      summary:
        '%{smart_count} song of the repertoire was never requested. |||| %{smart_count} songs of the repertoire were never requested.',
      more: 'The first %{shown} by title; the CSV has them all.',
    },
    count: '%{label}: %{count}',
  },
};
