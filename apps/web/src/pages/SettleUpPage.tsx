export default function SettleUpPage() {
  return <p>SettleUpPage</p>;
}
