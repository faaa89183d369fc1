import { Text, useInput } from 'ink';

interface ConfirmLineProps {
  question: string;
  active: boolean;
  onAnswer: (yes: boolean) => void;
}

/** A yes/no question on one line: y (or Enter) says yes, anything else no. */
export function ConfirmLine({ question, active, onAnswer }: ConfirmLineProps) {
  useInput((input, key) => onAnswer(input === 'y' || input === 'Y' || key.return), { isActive: active });
  return (
    <Text color="yellow" bold>
      {question}
    </Text>
  );
}
