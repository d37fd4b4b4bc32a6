/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," character over the limit of ",["max"]],"other":["#"," characters over the limit of ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["#"," character left"],"other":["#"," characters left"]}]]}',
) as Messages;
