# Cờ nhảy: chữ tiếng Việt của trò chơi thứ hai. Giữ các khóa khớp với i18n/en/co-nhay.ftl.

## Luật chơi bằng lời (src/co_nhay/rules_text.rs)
nhay-rules-board = Bàn cờ hình ngôi sao sáu cánh, gồm 121 ô. Lúc đầu mười quân của mỗi người lấp kín một cánh sao; mục tiêu là chuyển hết mười quân sang cánh nằm thẳng phía bên kia.
nhay-rules-seating = Chơi được hai, ba, bốn hoặc sáu người: hai người ngồi đối mặt, ba người ngồi cách một cánh, bốn người thành hai cặp đối mặt. Không có ván năm người, vì một người sẽ phải tiến về một cánh không có ai.
nhay-rules-turn = Cánh dưới cùng đi trước, rồi lượt chuyển vòng theo chiều kim đồng hồ.
nhay-rules-step = Đi một bước: đưa một quân vào ô trống sát bên nó, và lượt kết thúc.
nhay-rules-jump = Nhảy: một quân vượt qua một quân sát bên (màu nào cũng được) để đáp vào ô trống ngay phía sau, theo đường thẳng. Mỗi lần đáp xong, chính quân ấy được nhảy tiếp theo hướng tùy ý, hoặc dừng lại. Không quân nào bị bắt.
nhay-rules-one-move = Mỗi lượt chỉ đi một quân, hoặc bằng một bước, hoặc bằng các cú nhảy, không được pha trộn. Hướng nào cũng được, kể cả đi lùi, và không bao giờ bắt buộc phải nhảy.
nhay-rules-pass = Ai không còn nước nào để đi thì bỏ lượt; còn đi được thì không được bỏ lượt.
nhay-rules-other-arms-allowed = Nước đi được dừng ở bất kỳ ô trống nào, kể cả trong cánh của người khác.
nhay-rules-other-arms-forbidden = Nước đi chỉ được dừng ở vùng giữa bàn, trong cánh xuất phát của mình hoặc trong cánh đích; trên đường nhảy vẫn được băng qua các cánh khác.
nhay-rules-win = Người chơi về đích khi đủ mười quân của mình đứng trong cánh đích.
nhay-rules-anti-blocking-on = Chặn đích không có tác dụng: khi cánh đích đã kín, có ít nhất một quân của người chơi và mọi quân khác ở đó đều của chủ cánh, thì người chơi cũng tính là về đích, kể cả khi việc này xảy ra trong lượt của người khác.
nhay-rules-anti-blocking-off = Phải có đủ mười quân của chính mình trong cánh đích, nên chủ cánh cứ ở lì trong nhà là chặn được.
nhay-rules-end-play-on = Khi có người về đích, những người còn lại chơi tiếp để tranh các hạng sau, cho đến khi chỉ còn một người. Quân của người đã về đích vẫn đứng nguyên chỗ, có thể cản đường hoặc làm cầu cho người khác nhảy qua.
nhay-rules-end-first-winner = Ván kết thúc ngay khi có người về đích; những người còn lại xếp hạng theo số bước họ còn phải đi.
nhay-rules-cap = Ván đã đi { $moves } nước mà chưa xong thì dừng lại, những người chưa về đích hòa nhau.

## Màu của sáu cánh: cánh 0 ở dưới cùng, rồi theo chiều kim đồng hồ
nhay-colour-0 = Đỏ
nhay-colour-1 = Xanh lá
nhay-colour-2 = Tím
nhay-colour-3 = Vàng
nhay-colour-4 = Xanh dương
nhay-colour-5 = Cam
nhay-colour-0-lower = đỏ
nhay-colour-1-lower = xanh lá
nhay-colour-2-lower = tím
nhay-colour-3-lower = vàng
nhay-colour-4-lower = xanh dương
nhay-colour-5-lower = cam

## Thiết lập
nhay-settings-heading = Thiết lập Cờ nhảy
nhay-settings-players = Người chơi
nhay-settings-player-count = { $n } người
nhay-settings-players-help = Hai người ngồi đối diện, ba người cách nhau một cánh, bốn người thành hai cặp đối diện, sáu người kín cả ngôi sao.
nhay-settings-rules = Luật chơi
nhay-settings-preset = Bộ luật
nhay-preset-standard = Chuẩn
nhay-preset-quick = Nhanh
nhay-preset-strict = Chặt
nhay-preset-custom = Tự chọn
nhay-settings-preset-help = Chuẩn: chống chặn đích, dừng ở đâu cũng được, về đích rồi thì người khác chơi tiếp tranh hạng. Nhanh: có người về đích là hết ván. Chặt: không được dừng trong cánh của người khác.
nhay-toggle-anti-blocking = Chống chặn đích
nhay-toggle-anti-blocking-help = Cánh đích đã kín mà chủ cánh cố nằm lì không đi thì người chơi vẫn được tính là về đích.
nhay-toggle-other-arms = Dừng ở cánh khác
nhay-value-other-arms-allowed = Được
nhay-value-other-arms-forbidden = Không được
nhay-toggle-other-arms-help = Không được thì nước đi chỉ dừng ở giữa bàn, cánh nhà hoặc cánh đích; nhảy băng qua cánh khác vẫn được.
nhay-toggle-game-end = Hết ván
nhay-value-end-play-on = Chơi tiếp tranh hạng
nhay-value-end-first-winner = Khi có người về đích
nhay-toggle-game-end-help = Chơi tiếp: những người còn lại đi tiếp cho đến khi xếp xong mọi hạng. Khi có người về đích: ván dừng ngay, những người còn lại xếp hạng theo số bước còn phải đi.
nhay-settings-play = Cách chơi
nhay-settings-fast-bots = Máy đi nhanh
nhay-settings-fast-bots-help = Quân của máy nhảy nhanh hơn, đỡ phải chờ.

## Bàn chơi: lượt, gợi ý, thẻ người chơi, diễn biến
nhay-region-play = Bàn chơi: lượt đi, gợi ý và diễn biến
nhay-region-board = Bàn cờ ngôi sao
nhay-button-choose = Chọn quân
nhay-help-choose-piece = Bấm vào một quân có vòng nét đứt để xem những ô nó đi tới được.
nhay-help-choose-target = Bấm vào một ô có vòng tròn để đi tới đó, hoặc chọn quân khác. Esc để bỏ chọn.
nhay-hint-text = Gợi ý: { $move }
nhay-hint-thinking = Đang tìm nước hay…
# Gợi ý trên bàn cờ không ghi số ô: nước đi được đánh dấu vàng trên bàn cờ
# (vòng vàng quanh quân và quanh ô đến).
nhay-hint-plain-step = Gợi ý: nước đi đánh dấu vàng trên bàn cờ, đi một bước
nhay-hint-plain-jump = Gợi ý: nước đi đánh dấu vàng trên bàn cờ, nhảy { $n } lần
nhay-move-step = từ ô { $from } đến ô { $to }
nhay-move-jump = từ ô { $from } đến ô { $to }, nhảy { $n } lần
nhay-card-home = { $n }/10 quân đã tới đích
nhay-card-finished = về đích, hạng { $place }
nhay-strip-finished = hạng { $place }
nhay-notice-pass = { $who } không còn nước nào, bỏ lượt.
nhay-log-step = { $who } đi từ ô { $from } đến ô { $to }
nhay-log-jump = { $who } nhảy { $n } lần, từ ô { $from } đến ô { $to }
# Nhật ký khi bàn không ghi số ô (nhật ký cũng không ghi).
nhay-log-step-plain = { $who } đi một bước
nhay-log-jump-plain = { $who } nhảy { $n } lần
nhay-log-pass = { $who } không đi được, bỏ lượt
nhay-log-finished = { $who } về đích: hạng { $place }
nhay-log-over = Ván kết thúc
nhay-log-capped = Ván dừng sau { $moves } nước

## Bàn cờ cho trình đọc màn hình
nhay-board-label = Bàn Cờ nhảy hình ngôi sao, { $n } người chơi. { $turn }
nhay-board-turn = Lượt của { $who }.
nhay-board-over = Ván đã kết thúc.
nhay-piece-label = Quân { $colour } ở ô { $hole }, đi được đến { $n } ô
nhay-piece-selected = Quân { $colour } ở ô { $hole }, đang chọn, đi được đến { $n } ô
nhay-target-step = Đi đến ô { $hole }, một bước
nhay-target-jump = Nhảy đến ô { $hole }, { $n } lần nhảy
# Các ô dừng chân trên đường nhảy, đọc cùng ô đến.
nhay-target-via = Qua ô { $holes }
nhay-announce-turn = Lượt của { $who }. Chọn một quân rồi chọn ô đến.
nhay-announce-over = Ván đã kết thúc

## Kết quả
nhay-end-no-winner = Chưa ai về đích.
nhay-end-reason-finished = về đích
nhay-end-reason-distance = còn { $n } bước
nhay-end-capped = Ván dừng sau { $moves } nước; những người chưa về đích đồng hạng.
nhay-end-concluded = Mọi người chơi trên máy này đã về đích; các hạng còn lại xếp theo số bước còn phải đi.
nhay-end-moves = Cả ván: { $moves } nước.
place-name-5 = năm
place-name-6 = sáu

## Luật chơi và thống kê
rules-window-title-co-nhay = Luật Cờ nhảy
stats-title-co-nhay = Thống kê Cờ nhảy
stats-games-co-nhay = Số ván Cờ nhảy đã chơi xong: { $n }
nhay-stats-longest-chain = Chuỗi nhảy dài nhất: { $n } lần nhảy liền
nhay-stats-shortest-win = Thắng nhanh nhất: sau { $n } nước của người thắng
nhay-stats-no-win = Chưa có ván nào có người thắng.
nhay-stats-chain = Chuỗi dài nhất
settings-all-numbers-co-nhay = Đánh số mọi ô
settings-all-numbers-co-nhay-help = Tắt thì không ô nào mang số. Bật thì mọi ô đều hiện số của nó, đúng như cách ghi nước đi, kể cả trên quân đang đứng ở đó.
