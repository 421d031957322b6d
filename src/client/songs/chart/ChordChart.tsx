import { Box } from '@mui/material';
import type { Chart, ChartLine, ChartSection } from './readChart';

/** The section kinds with a name of their own (songs.chart.sections.*); others have none unless labelled. */
const NAMED = ['verse', 'chorus', 'bridge', 'tab', 'grid'];

interface Props {
  chart: Chart;
  translate: (key: string) => string;
  /** The stage: large type, light on dark; otherwise the form's preview at reading size. */
  stage?: boolean;
}

function Line({ line, stage }: { line: ChartLine; stage: boolean }) {
  if (line.kind === 'comment')
    return (
      <Box sx={{ fontStyle: 'italic', fontSize: '0.85em', opacity: 0.85, my: '0.3em' }}>{line.text}</Box>
    );
  if (line.kind === 'literal')
    return (
      <Box component="pre" sx={{ fontFamily: 'monospace', fontSize: '0.8em', m: 0, whiteSpace: 'pre' }}>
        {line.text}
      </Box>
    );
  const chords = line.pieces.some((piece) => piece.chord);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', mb: chords ? '0.35em' : 0 }}>
      {line.pieces.map((piece, index) => (
        // A chord stands over the syllable it is played on; pieces never reorder, so index is their key.
        <Box key={index} sx={{ display: 'inline-flex', flexDirection: 'column' }}>
          {chords && (
            <Box
              component="span"
              data-chord={piece.chord || undefined}
              sx={{
                fontWeight: 700,
                color: stage ? '#ffd54f' : 'primary.main',
                pr: '0.4em',
                minHeight: '1.2em',
                whiteSpace: 'pre',
              }}
            >
              {piece.chord}
            </Box>
          )}
          <Box component="span" sx={{ whiteSpace: 'pre', minHeight: '1.2em' }}>
            {piece.lyrics}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Section({
  section,
  stage,
  translate,
}: { section: ChartSection; stage: boolean } & Pick<Props, 'translate'>) {
  const name =
    section.label ??
    (NAMED.includes(section.kind) ? translate(`songs.chart.sections.${section.kind}`) : null);
  const chorus = section.kind === 'chorus';
  return (
    <Box
      component="section"
      aria-label={name ?? undefined}
      sx={{
        mb: '1.2em',
        // A chorus is set apart by a bar beside it, as printed charts do.
        ...(chorus ? { borderLeft: 4, borderColor: stage ? '#90caf9' : 'primary.light', pl: '0.6em' } : {}),
      }}
    >
      {name && (
        <Box
          component="h3"
          sx={{
            fontSize: '0.7em',
            fontWeight: 700,
            textTransform: 'uppercase',
            letterSpacing: 1,
            opacity: 0.8,
            m: 0,
          }}
        >
          {name}
        </Box>
      )}
      {section.lines.map((line, index) => (
        <Line key={index} line={line} stage={stage} />
      ))}
    </Box>
  );
}

/** A chord chart read by readChart: chords over their syllables, sections set apart. */
export function ChordChart({ chart, translate, stage = false }: Props) {
  return (
    <Box
      data-testid="chord-chart"
      sx={{
        fontSize: stage ? { xs: 24, md: 32 } : 16,
        lineHeight: 1.25,
      }}
    >
      {chart.sections.map((section, index) => (
        <Section key={index} section={section} stage={stage} translate={translate} />
      ))}
    </Box>
  );
}
