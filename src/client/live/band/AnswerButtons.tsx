import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button } from '@mui/material';

export type Answer = 'played' | 'declined';

const ANSWERS = [
  {
    answer: 'played',
    text: 'Played',
    variant: 'contained',
    color: 'success',
    icon: <CheckIcon />,
  },
  {
    answer: 'declined',
    text: 'Decline',
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
  return ANSWERS.map(({ answer, text, variant, color, icon }) => (
    <Button
      key={answer}
      size="large"
      variant={variant}
      color={color}
      startIcon={icon}
      aria-label={`${text} ${naziv}`}
      disabled={busy}
      onClick={() => onAnswer(answer)}
    >
      {text}
    </Button>
  ));
}
