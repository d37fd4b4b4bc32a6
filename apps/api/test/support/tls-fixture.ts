// A self-signed certificate for localhost (valid until 2126) and its key, only for tests that need
// a real TLS socket. Made with: openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1
//   -nodes -days 36500 -subj /CN=localhost
export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgbRFZ/N0Qg/HlrqFw
dFSDVc+5It3aPoFtDvcWG3V3sRyhRANCAAReiwGaHgQRnY18Q2tt5VXRRxtgcWlr
mVDuDp4lC+ggcIpz12wPFD6LxOWb/WTiasY+vzhEE93dDFSGkWHBhlHH
-----END PRIVATE KEY-----
`;

export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBgDCCASWgAwIBAgIUZwxvAoRArkmhrcSXD83KiYzbeagwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzE0NDcxNloYDzIxMjYxMDMw
MTQ0NzE2WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAReiwGaHgQRnY18Q2tt5VXRRxtgcWlrmVDuDp4lC+ggcIpz12wPFD6L
xOWb/WTiasY+vzhEE93dDFSGkWHBhlHHo1MwUTAdBgNVHQ4EFgQUS64jwknOGMIK
qj5T6yISfVAIxbswHwYDVR0jBBgwFoAUS64jwknOGMIKqj5T6yISfVAIxbswDwYD
VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNJADBGAiEAuS0tc40qldRH2WL68sHA
6tX1chXV/3TuD4+cec2RYvkCIQC6xOVJ9Rx2/ncfGDfAF1Ao61x+5KWF6erdIOMH
WmAO6g==
-----END CERTIFICATE-----
`;
