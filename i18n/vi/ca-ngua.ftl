# Chữ tiếng Việt của Cờ Cá Ngựa. Giữ các khóa khớp với i18n/en/ca-ngua.ftl.

## Màu và hình
colour-red = Đỏ
colour-green = Xanh lá
colour-yellow = Vàng
colour-blue = Xanh dương
shape-red = hình tròn
shape-green = hình tam giác
shape-yellow = hình vuông
shape-blue = hình thoi

## Luật chơi, sinh ra từ bộ luật (cửa sổ luật, thiết lập, dòng lệnh)
rules-same-as-standard = Đây là luật chuẩn.
rules-differences-heading = Khác với luật chuẩn:
rules-all-heading = Toàn bộ luật đang dùng:
rules-dice-one = Một viên xúc xắc: mỗi lần gieo đi một con ngựa đúng bằng số chấm.
rules-dice-two = Hai viên xúc xắc: mỗi lần gieo đi một con ngựa bằng tổng hai viên; gieo ra đôi thì được chọn đi bằng số của một viên (đôi 3 đi 3 hoặc 6).
rules-exit-six = Gieo được 6 thì một con ngựa ra chuồng, đứng vào ô xuất phát.
rules-exit-one-or-six = Gieo được 1 hoặc 6 thì một con ngựa ra chuồng, đứng vào ô xuất phát.
rules-exit-two-dice = Gieo ra đôi hoặc 1–6 thì một con ngựa ra chuồng, đứng vào ô xuất phát; ra quân dùng trọn lần gieo.
rules-bonus-six = Gieo được 6 thì được gieo thêm, kể cả khi không con nào đi được.
rules-bonus-double = Gieo ra đôi hoặc 1–6 thì được gieo thêm, kể cả khi không con nào đi được.
rules-forfeit-on = Gieo 6 lần thứ ba liên tiếp thì mất lượt ngay; các nước đã đi bằng hai lần 6 trước vẫn giữ.
rules-forfeit-on-two-dice = Gieo ra đôi (hoặc 1–6) lần thứ ba liên tiếp thì mất lượt ngay; các nước đã đi trước đó vẫn giữ.
rules-forfeit-off = Gieo thêm không giới hạn: cứ ra 6 hay ra đôi là được gieo tiếp.
rules-bonus-kick-on = Đá được ngựa thì được gieo thêm.
rules-bonus-finish-on = Đưa một con ngựa về đích thì được gieo thêm.
rules-move = Còn con nào đi được thì phải đi một con; không con nào đi được thì mất lần gieo đó. Ngựa cùng màu được đứng chung ô.
rules-kick = Ngựa dừng đúng ô có ngựa khác màu thì đá tất cả chúng về chuồng. Đi ngang qua không tính, và dãy ô đích là của riêng từng màu.
rules-safe-starts-and-stars = Bốn ô xuất phát và bốn ô ngôi sao là ô an toàn: không ai bị đá ở đó, và các màu được đứng chung.
rules-safe-starts-only = Chỉ bốn ô xuất phát là ô an toàn; ô ngôi sao như ô thường.
rules-safe-none = Trên đường đua không có ô an toàn; ngựa ra chuồng sẽ đá ngựa đang đứng ở ô xuất phát của mình.
rules-pairs-ordinary = Hai con cùng màu đứng chung một ô thì bị đá cùng lúc.
rules-pairs-safe-pair = Hai con cùng màu trở lên đứng chung một ô thì ô đó an toàn khi chúng còn đứng đó; ngựa khác vẫn được đứng chung.
rules-pairs-block = Hai con cùng màu trở lên đứng chung một ô thì chắn ô đó: ngựa màu khác không được dừng ở đó, cũng không được đi qua.
rules-no-passing-on = Không được vượt: ngựa không được đi qua bất kỳ con ngựa nào trên đường, và không được dừng trên ô có ngựa cùng màu.
rules-forced-none = Người chơi tự chọn nước đi trong các nước hợp lệ.
rules-forced-kick-on = Buộc đá: có nước đá được ngựa thì phải đi một nước đá.
rules-forced-exit-on = Buộc ra quân: ra chuồng được (sau luật buộc đá) thì phải ra quân.
rules-home-exact = Đi hết một vòng, ngựa rẽ vào dãy ô đích của màu mình (ô 1 đến 6) và phải gieo vừa đúng số bước mới vào được đích ở tâm bàn; gieo dư thì con đó đứng yên.
rules-home-climb = Lên chuồng: ngựa phải dừng đúng ở cửa chuồng, rồi gieo n thì vào ô n của dãy đích, sau đó leo từng ô một và phải gieo đúng số của ô kế tiếp. Màu nào có ngựa ở các ô 6, 5, 4 và 3 là thắng.
rules-home-climb-two-dice = Lên chuồng: ngựa phải dừng đúng ở cửa chuồng, rồi đi n bước thì vào ô n của dãy đích, sau đó leo từng ô một khi gieo đúng số của ô kế tiếp hoặc gieo ra đôi bất kỳ. Màu nào có ngựa ở các ô 6, 5, 4 và 3 là thắng.
rules-end-horses-home = Màu đầu tiên đưa đủ bốn ngựa về đích là thắng và ván dừng; các màu còn lại xếp hạng theo số ngựa đã về đích (bằng nhau thì đồng hạng).
rules-end-distance = Màu đầu tiên đưa đủ bốn ngựa về đích là thắng và ván dừng; các màu còn lại xếp hạng theo quãng đường ngựa đã đi.
rules-end-play-on = Có người về nhất rồi ván vẫn tiếp tục cho đến khi phân xong mọi hạng.
rules-direction-clockwise = Ngựa đi theo chiều kim đồng hồ.
rules-direction-counter-clockwise = Ngựa đi ngược chiều kim đồng hồ.
rules-scoring-on = Có ghi điểm; điểm chuyển từ người này sang người khác.
rules-scoring-kick = Đá một con ngựa được chủ của nó trả 1 điểm, đá bằng đôi được 2 điểm.
rules-scoring-chain = Đá liên tiếp trong cùng một lượt: lần gieo thứ hai đá được ngựa tính gấp đôi, lần thứ ba gấp ba, cứ thế.
rules-scoring-sap-ham = Sập hầm: ngựa vào dãy đích ở ô 1 phải trả mỗi người khác 1 điểm (2 điểm nếu vào bằng đôi).
rules-scoring-top-climb = Từ cửa chuồng lên thẳng ô 6 được mỗi người khác trả 2 điểm (3 điểm nếu bằng đôi); leo từ ô 5 lên ô 6 được 1 điểm.
rules-scoring-thau-ma = Thầu mạ: con ngựa đầu tiên của ván đi thẳng từ cửa chuồng lên ô 6 được mỗi người khác trả 4 điểm thay vào đó (6 điểm nếu bằng đôi).
rules-scoring-top-exact = Ngựa vào đích được mỗi người khác trả 2 điểm (3 điểm nếu bằng đôi) khi đi thẳng từ đường đua vào, 1 điểm khi đã ở trong dãy đích.
rules-scoring-settlement = Khi có người về nhất, mỗi người còn lại trả người đó 1 điểm cho mỗi con ngựa chưa về đích; nếu có người chưa có con nào về đích (cón), mọi khoản trả nhân với số người cón cộng một.
rules-cap = Ván dừng sau { $rolls } lần gieo (giới hạn an toàn cho máy tự chơi).

## Tên màu trong câu
colour-red-lower = đỏ
colour-green-lower = xanh lá
colour-yellow-lower = vàng
colour-blue-lower = xanh dương

## Cửa sổ

## Thiết lập
settings-players = Người chơi
settings-player-count = { $n } người
player-human = Người chơi
player-bot-level = máy, { $level }
level-random = Ngẫu nhiên
level-easy = Máy – Dễ
level-medium = Máy – Vừa
level-hard = Máy – Khó
settings-rules = Luật chơi
settings-preset = Bộ luật
settings-preset-help = Đổi luật sẽ bắt đầu ván mới (sẽ hỏi trước).
preset-standard = Chuẩn
preset-casual = Vui nhà
preset-traditional = Truyền thống
preset-custom = Tự chọn
group-dice = Xúc xắc và gieo thêm
group-kicks = Đá ngựa và ô an toàn
group-home = Về đích và kết thúc ván
group-board = Bàn cờ
toggle-dice = Xúc xắc
value-dice-one = Một viên
value-dice-two = Hai viên
toggle-dice-help = Hai viên thì đi bằng tổng, hoặc bằng số của một viên khi ra đôi.
toggle-exit-rolls = Ra chuồng khi gieo
value-exit-six = Chỉ 6
value-exit-one-or-six = 1 hoặc 6
toggle-exit-rolls-help = Số gieo được để đưa một con ngựa ra ô xuất phát.
toggle-bonus-after-kick = Gieo thêm khi đá được ngựa
toggle-bonus-after-kick-help = Đá một con ngựa về chuồng thì được gieo tiếp.
toggle-bonus-after-finish = Gieo thêm khi có ngựa về đích
toggle-bonus-after-finish-help = Đưa một con ngựa về đích thì được gieo tiếp.
toggle-forfeit = Ba lần gieo thêm liên tiếp thì mất lượt
toggle-forfeit-help = Lần 6 (hoặc đôi) thứ ba liên tiếp không được đi.
toggle-safe-squares = Ô an toàn
value-safe-starts-and-stars = Ô xuất phát và ô sao
value-safe-starts-only = Chỉ ô xuất phát
value-safe-none = Không có
toggle-safe-squares-help = Ngựa đứng ở ô an toàn không bị đá.
toggle-pairs = Hai ngựa chung một ô
value-pairs-ordinary = Như thường
value-pairs-safe-pair = Đôi an toàn
value-pairs-block = Chắn đường
toggle-pairs-help = Đôi ngựa cùng màu có thể được an toàn, hoặc thành bức tường không ai qua được.
toggle-no-passing = Không được vượt
toggle-no-passing-help = Ngựa không được nhảy qua con nào, cũng không được dừng lên ngựa của mình.
toggle-forced-kick = Buộc đá
toggle-forced-kick-help = Có nước đá được thì phải đá.
toggle-forced-exit = Buộc ra quân
toggle-forced-exit-help = Ra chuồng được thì phải ra.
toggle-home-column = Dãy đích
value-home-exact = Gieo vừa đúng
value-home-climb = Lên chuồng kiểu truyền thống
toggle-home-column-help = Lên chuồng: dừng ở cửa chuồng, vào ô n, rồi leo từng ô.
toggle-game-end = Kết thúc ván
value-end-horses-home = Người về nhất; còn lại theo số ngựa về đích
value-end-distance = Người về nhất; còn lại theo quãng đường
value-end-play-on = Chơi tiếp đến khi phân xong mọi hạng
toggle-game-end-help = Ván có dừng ngay khi có người về nhất hay không.
toggle-scoring = Ghi điểm
toggle-scoring-help = Tính điểm đá ngựa, Thầu mạ, Sập hầm và trả điểm cuối ván.
toggle-direction = Chiều đi
value-direction-clockwise = Theo chiều kim đồng hồ
value-direction-counter-clockwise = Ngược chiều kim đồng hồ
toggle-direction-help = Chỉ đổi cách nhìn: luật như nhau, lật như trong gương.
settings-play = Khi chơi
settings-auto-roll = Tự gieo
settings-auto-roll-help = Tự gieo khi đến lượt mình.
settings-auto-move = Tự đi khi chỉ có một nước
settings-auto-move-help = Đi luôn nước duy nhất mà không cần bấm.
settings-fast-bots = Máy đi nhanh
settings-fast-bots-help = Máy chơi đi nhanh hơn.

## Khi chơi
turn-label = Lượt của { $who } ({ $kind })
turn-game-over = Ván đã kết thúc
dice-none = Chưa gieo
dice-rolling = Đang gieo…
dice-label = Gieo được: { $roll }
dice-last-label = { $who } gieo được { $roll }
button-roll = Gieo
button-move = Đi
button-choose = Chọn ngựa
button-waiting = Chờ một chút
moves-heading = Nước đi (bấm số)
move-exit = ra quân
move-advance = { $from } đến { $to }
notice-pass = { $who } không đi được, mất lần gieo này.
notice-forfeit = { $who } gieo thêm lần thứ ba liên tiếp, mất lượt.

## Ô và ngựa
where-yard = trong chuồng
where-track = ô { $square }
where-home = ô đích { $cell }
where-centre = đã về đích
to-centre = đích
horse-label = Ngựa { $colour } { $n }, { $where }, đi được
target-label = Đi tới { $where }
board-label = Bàn cờ

## Diễn biến ván
log-heading = Diễn biến
log-empty = Chưa có nước nào.
log-pass = { $who } gieo { $roll }, không đi được
log-forfeit = { $who } gieo { $roll } lần thứ ba liên tiếp, mất lượt
log-exit = { $who } gieo { $roll }, ra quân
log-advance = { $who } gieo { $roll }, đi từ { $from } đến { $to }
log-kick = { $who } đá { $victims } ở ô { $square }
log-finish = { $who } đưa một con ngựa về đích
log-seat-finished = { $who } đã về đủ bốn ngựa: hạng { $place }

## Cuối ván
end-title = Kết quả
end-place = { $place }. { $who }
end-shared = (đồng hạng)
end-points = { $points } điểm
end-capped = Ván chạm giới hạn số lần gieo; xếp hạng theo số ngựa về đích.
end-concluded = Mọi người chơi trên máy này đã về đích; các hạng còn lại được xếp ngay.

## Hỏi trước khi sang ván mới
rules-window-title = Luật chơi

## Tệp và thống kê
log-thau-ma = { $who }: Thầu mạ! Lần đầu tiên lên thẳng ô 6 từ cửa chuồng
log-sap-ham = { $who }: Sập hầm, vào ô 1
stats-title = Thống kê
stats-games = Số ván đã chơi xong: { $n }
stats-longest = Ván dài nhất: { $rolls } lần gieo
stats-by-kind = Người chơi
stats-by-colour = Màu
stats-played = Đã chơi
stats-won = Thắng
stats-kicks-made = Đá được
stats-kicks-suffered = Bị đá
stats-thau-ma = Thầu mạ
stats-sap-ham = Sập hầm
stats-dice-heading = Các mặt xúc xắc đã gieo
stats-dice-legend = Cột: số lần mỗi mặt xuất hiện. Đường nét đứt: con số của xúc xắc công bằng tuyệt đối.
stats-chart-label = Các mặt xúc xắc đã gieo, tổng cộng { $total }: { $faces }
stats-chi = Chi bình phương { $chi } (5 bậc tự do): { $verdict }
stats-dice-too-few = chưa đủ lần gieo để nhận xét.
stats-dice-fair = hoàn toàn bình thường với xúc xắc công bằng.
stats-dice-unusual = hơi lạ, nhưng xúc xắc công bằng vẫn có 5% khả năng như vậy.
saved-rules-heading = Bộ luật của tôi
saved-rules-help = Lưu bộ luật ở trên với một cái tên, hoặc chia sẻ thành tệp.
saved-rules-name = Tên
saved-rules-save = Lưu bộ luật này
saved-rules-file = Tệp
saved-rules-import = Nhập từ tệp
saved-rules-current = { $name } (đang dùng)
saved-rules-rename = Đổi tên { $name }
saved-rules-export = Xuất { $name }
saved-rules-delete = Xóa { $name }
saved-rules-saved = Đã lưu thành { $name }.
saved-rules-deleted = Đã xóa { $name }.
saved-rules-renamed = Đã đổi tên thành { $name }.
saved-rules-exported = Đã ghi vào { $file }.
saved-rules-failed = Không ghi được tệp: { $reason }
saved-rules-imported = Đã nhập thành { $name }.
saved-rules-imported-name = Bộ luật đã nhập
saved-rules-refused = Không nhập được: { $reason }

## Hint
button-hint = Gợi ý
hint-text = Gợi ý: { $move }

## Cảm giác chơi (issue 13): xúc xắc trên bàn, nước vừa đi, thẻ người chơi, kết quả
player-you = Bạn
button-play-again = Chơi ván mới
die-no-move = Không đi được
die-forfeit = Mất lượt
die-roll-again = Gieo tiếp!
die-roll-again-kick = Đá được: gieo tiếp!
die-roll-again-finish = Về đích: gieo tiếp!
banner-kick = { $who } đá { $victims }!
banner-home = { $who }: một ngựa về đích!
banner-all-home = { $who } về đủ bốn ngựa!
card-name = { $colour } · { $who }
card-counts = Đích { $home } · Bàn { $board } · Chuồng { $yard }
card-points = { $points } điểm
card-place = hạng { $place }
card-kicked = bị đá!
settings-all-numbers = Đánh số mọi ô
settings-all-numbers-help = Tắt thì chỉ đánh số ô xuất phát, ô sao và mỗi ô thứ năm.
rules-section-dice = Gieo xúc xắc
rules-section-moves = Đi quân và đá
rules-section-home = Về đích và hết ván
rules-section-scoring = Tính điểm
rules-section-board = Bàn cờ
place-name-1 = nhất
place-name-2 = nhì
place-name-3 = ba
place-name-4 = tư
you-won = Bạn thắng!
you-place = Bạn về { $place }
you-shared = Bạn đồng hạng { $place }
end-winner = { $who } thắng!
end-no-winner = Không ai về đủ bốn ngựa.
end-reason-home = { $n } ngựa về đích
end-reason-distance = đi được { $n } bước
end-reason-finished = về đủ bốn ngựa
