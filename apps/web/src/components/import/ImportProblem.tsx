// What went wrong with an import file: the API's sentence and, below it, each line it names.
import type { Problem } from '../../lib/importGroup';
import { Alert } from '../Alert';

export function ProblemAlert({ problem }: { problem: Problem }) {
  return (
    <Alert>
      <p>{problem.message}</p>
      {problem.lines.length > 0 ? (
        <ul className="mt-1 list-disc ps-5">
          {problem.lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
