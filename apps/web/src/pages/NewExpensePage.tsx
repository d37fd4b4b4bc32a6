export default function NewExpensePage() {
  return <p>NewExpensePage</p>;
}
