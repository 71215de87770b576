## Mẹo chơi (issue 24): mỗi trò một trang mẹo ngắn, mỗi mẹo một bàn cờ

tips-region = Mẹo chơi
tips-heading = Mẹo chơi { $game }
tips-count = Mẹo { $n }/{ $total }
tips-previous = Mẹo trước
tips-next = Mẹo sau
tips-all = Tất cả các mẹo
tips-open = { $n }. { $title }
tips-roll = Đã gieo: { $roll }
tips-marked = Trên bàn cờ, nước được đánh dấu là nước mà mẹo này gợi ý.
tips-keys = Bấm phím mũi tên trái hoặc phải để lật mẹo.
tips-broken = Không đọc được các mẹo: { $error }

## Cờ Cá Ngựa

tip-cn-exit-title = Được 6 thì cho ngựa ra chuồng
tip-cn-exit-text = Chỉ có 6 mới mở được chuồng, mà đâu phải lúc nào cũng gieo được 6. Gieo được 6 mà trong chuồng còn ngựa thì cho một con ra: càng nhiều ngựa trên bàn, mỗi lần gieo sau càng có nhiều cách đi. Ô xuất phát là ô an toàn, mà gieo 6 thì bạn còn được gieo thêm lần nữa.
tip-cn-kick-title = Đá được thì cứ đá
tip-cn-kick-text = Ngựa bị đá phải về chuồng, chờ gieo được 6 rồi chạy lại từ đầu. Nó đã đi càng xa thì bị đá càng thiệt. Ở đây con ngựa vàng sắp chạy hết một vòng, mà gieo 3 là dừng đúng chỗ nó.
tip-cn-front-title = Đừng dừng ngay trước mặt ngựa địch
tip-cn-front-text = Ngựa dừng trước một con ngựa địch từ một đến sáu ô thì chỉ một lần gieo là nó có thể bị đá. Ở đây, nếu đi con ngựa đang đứng sau con vàng thì nó sẽ vượt qua rồi dừng ngay trước con vàng hai ô. Hãy đi con kia: con đứng sau con vàng cứ ở yên đó, nó đang dọa con vàng chứ không bị con vàng dọa.
tip-cn-threat-title = Cứu con ngựa đang bị dọa
tip-cn-threat-text = Trước khi đi, hãy nhìn ra sau lưng từng con ngựa của mình. Có ngựa địch đứng phía sau từ một đến sáu ô thì lần gieo tới nó có thể đá con của bạn. Hãy đi con đó trước, vào ô an toàn nếu được: ở đây gieo 3 đưa nó lên ô sao, không ai đá được.
tip-cn-start-title = Coi chừng mấy ô sau ô xuất phát của địch
tip-cn-start-text = Màu nào còn ngựa trong chuồng thì mấy ô ngay sau ô xuất phát của màu đó rất nguy hiểm: họ gieo được 6 là cho ngựa ra, rồi lần gieo thêm của con 6 đó có thể đá bạn ngay. Còn chính ô xuất phát thì an toàn với mọi màu. Ở đây ngựa của bạn bước lên ô xuất phát của phe vàng, đứng đó chờ một lần gieo lớn để vượt qua.
tip-cn-exact-title = Về đích phải đúng số
tip-cn-exact-text = Trong cột màu, chỉ gieo đúng số mới đưa ngựa vào giữa; gieo dư thì con đó đứng yên. Vậy gặp đúng số thì cho về ngay, và giữ một con khác ngoài đường chạy để dùng những lần gieo mà con gần đích không dùng được. Ở đây gieo 3 là con ngựa về đích; nếu gieo 5 thì chỉ con ngoài đường đi được.

## Cờ nhảy

tip-nhay-chain-title = Nhảy chuỗi hơn đi từng bước
tip-nhay-chain-text = Đi một bước thì quân chỉ tiến được một lỗ; nhảy chuỗi thì trong cùng một lượt có thể vượt nửa bàn cờ. Trước khi đi bước, hãy tìm quân để nhảy qua, quân mình hay quân ai cũng được. Ở đây quân ở lỗ 3 nhảy một mạch tới lỗ 81, qua khỏi giữa bàn: lên tám hàng chỉ trong một nước.
tip-nhay-ladder-title = Bắc thang cho quân mình
tip-nhay-ladder-text = Các quân đứng thẳng hàng, cách nhau đúng một lỗ trống, tạo thành cái thang để quân khác leo một mạch. Một bước đi lặng lẽ để thêm một bậc thang nhiều khi đáng hơn tiến được chút ít ngay. Ở đây bước 8-16 đặt một quân ngay dưới quân ở lỗ 40: lượt sau quân ở lỗ 1 leo một mạch lên lỗ 51, sáu hàng chỉ trong một nước.
tip-nhay-straggler-title = Đừng bỏ quân lại phía sau
tip-nhay-straggler-text = Một quân bị bỏ lại một mình ở nhà thì chẳng có gì để nhảy qua, phải lết ra từng bước trong khi cả đội đã chờ ở đích. Hãy kéo quân cuối theo khi quanh nó còn quân để nhảy qua, kể cả quân đối thủ đang kéo về. Ở đây quân còn sót ở lỗ 0 nhảy một mạch qua các quân của đối thủ, thoát ra tới lỗ 41.
tip-nhay-middle-title = Đi giữa là đường ngắn nhất
tip-nhay-middle-text = Đích của bạn nằm thẳng phía bên kia bàn cờ. Nhảy dọc theo một hàng hay ra phía mép trông thì xa mà chẳng gần đích hơn chút nào; nhảy lên qua giữa bàn mới tiến được hàng, mà giữa bàn cũng là nơi có nhiều quân để nhảy qua. Ở đây quân ở lỗ 60, chính giữa bàn, có thể nhảy hai lần ra mép trái (60-56) mà không tiến được hàng nào; còn 60-104 đi thẳng lên bốn hàng.
tip-nhay-corner-title = Lấp góc xa của đích trước
tip-nhay-corner-text = Quân vừa tới mà dừng ngay ở mấy lỗ đầu của đích sẽ chắn đường những quân đến sau. Hãy đưa những quân tới trước vào thật sâu, lên tận chóp và mấy hàng trong cùng, để mấy lỗ phía ngoài lấp sau cùng. Ở đây quân ở lỗ 115 nhảy qua lỗ 118 lên tận chóp, lỗ 120, chừa chỗ cho các quân phía sau.
tip-nhay-give-title = Đừng bắc thang cho đối thủ
tip-nhay-give-text = Quân nào bạn đặt xuống cũng là bậc thang cho mọi người. Trước khi đi, hãy nhìn chỗ quân mình sẽ đứng: quân đối thủ có nhảy qua nó được không, và nhảy được bao xa? Ở đây 60-81 và 61-80 tiến như nhau, nhưng 60-81 sẽ đặt quân bạn lên đầu một cái thang toàn quân mình (81, 61, 41, 17, 4), và quân ở lỗ 114 của người phía trên sẽ leo xuống một mạch mười hai hàng. Còn 61-80 thì không để lại cái thang nào như vậy.
