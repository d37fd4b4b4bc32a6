export default function AddExpensePage() {
  return <p>AddExpensePage</p>;
}
