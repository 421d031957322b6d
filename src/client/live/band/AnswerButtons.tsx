import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button } from '@mui/material';
import { useLanguage } from '../../i18n/PageLanguage';

export type Answer = 'played' | 'declined';

const ANSWERS = [
  {
    answer: 'played',
    text: 'band_page.song.played',
    label: 'band_page.song.played_song',
    variant: 'contained',
    color: 'success',
    icon: <CheckIcon />,
  },
  {
    answer: 'declined',
    text: 'band_page.song.decline',
    label: 'band_page.song.decline_song',
    variant: 'outlined',
    color: 'error',
    icon: <CloseIcon />,
  },
] as const;

/** The band's answers to a waiting song, in the queue and in the stage view alike. */
export function AnswerButtons({
  naziv,
  busy,
  onAnswer,
}: {
  naziv: string;
  busy: boolean;
  onAnswer: (answer: Answer) => void;
}) {
  const { translate } = useLanguage();
  return ANSWERS.map(({ answer, text, label, variant, color, icon }) => (
    <Button
      key={answer}
      size="large"
      variant={variant}
      color={color}
      startIcon={icon}
      aria-label={translate(label, { song: naziv })}
      disabled={busy}
      onClick={() => onAnswer(answer)}
    >
      {translate(text)}
    </Button>
  ));
}
