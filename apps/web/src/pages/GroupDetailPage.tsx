export default function GroupDetailPage() {
  return <p>GroupDetailPage</p>;
}
