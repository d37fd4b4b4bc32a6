/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"other":["超出 ",["max"]," 个字符的上限 ","#"," 个字符"]}]],"ZKZ0co":[["left","plural",{"other":["还剩 ","#"," 个字符"]}]]}',
) as Messages;
