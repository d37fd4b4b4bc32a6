export default function ActivityPage() {
  return <p>ActivityPage</p>;
}
